/** Every text of tours and open houses (spec §4, §5, §8): the views, the server and the tests import these. */
export const tourTexts = {
  /** Spec §5/§8, exact (including the missing "be"). */
  pastTimeTitle: 'Invalid date and time selection.',
  pastTimeMessage: 'Selected tour time needs to after current date and time.',
  /** Counter under the seller's cancellation reason box. */
  reasonCounter: (length: number, max: number) => `${length}/${max}`,
  reasonTooShort: (min: number) => `Please enter at least ${min} characters.`,
  reasonTooLong: (max: number) => `Please enter at most ${max} characters.`,
  /** Server-side refusals of requested times. */
  requestedTimeInvalid: 'Requested tour times must be on the hour, 9 am to 9 pm, within the next 15 days and in the future.',
  requestedTimeMissing: 'Choose at least one tour time.',
  openHouseOrder: 'The open house must start before it ends.',
  openHouseInvalid: 'Open house times must be on the same day, in 30-minute steps from 9:30 am, within the next 18 days and in the future.',
  /** Spec §4 buyer status messages. */
  statusMessage: {
    REQUESTED: 'Your requested times were sent to the showing agent. We are waiting for their approval.',
    ACCEPTED: 'Your tour was accepted. An agent will be in touch with you.',
    SCHEDULED: 'Your tour is scheduled. Get ready to see the property!',
    COMPLETED: 'This tour is completed.',
    CANCELLED: 'This tour was cancelled.',
  },
  /** Spec §8 toasts. */
  tourSaved: 'Requested tour successfully saved.',
  tourSaveFailed: 'Something went wrong. Could not save requested tour.',
  openHouseSaved: 'Open House successfully saved.',
  openHouseSaveFailed: 'Something went wrong. Could not save open house.',
  tourRequested: 'Tour Requested',
  viewRequestedTour: 'View requested tour',
} as const;

/** How each tour status reads (the heading of the tour dialogs, spec §2; the badge in <hearth-tours>). */
export const tourStatusLabels = {
  REQUESTED: 'Requested',
  ACCEPTED: 'Accepted',
  SCHEDULED: 'Scheduled',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
} as const;

/** The seller tour editor (spec §2 Seller tour editor, §4 seller rules, §5 cancellation reason). */
export const sellerTourTexts = {
  /** Dialog title until the tour (and so its status) is known. */
  loadingTitle: 'Tour',
  loading: 'Loading the tour…',
  failed: 'This tour could not be loaded.',
  viewListing: 'View Listing',
  requestedBy: (name: string) => `Requested by ${name}`,
  requestedTimes: 'Requested times',
  showRequestedTimes: 'Show requested times',
  hideRequestedTimes: 'Hide requested times',
  selectTime: (time: string) => `Select ${time}`,
  select: 'Select',
  selected: 'Selected',
  clearSelection: 'Clear Selection',
  confirmSelection: 'Confirm Selection',
  scheduledTime: 'Scheduled time',
  start: 'Start',
  end: 'End',
  downloadEvent: 'Download Event',
  markCompleted: 'Mark Completed',
  cancelTour: 'Cancel Tour',
  keepTour: 'Keep Tour',
  reasonLabel: 'Why are you cancelling this tour?',
  reasonHint: 'The buyer sees this reason (50 to 200 characters).',
  cancellationReason: 'Cancellation reason',
  timeZoneNote: (zone: string) => `Times are in the listing's time zone (${zone}).`,
  buyerHeading: 'Buyer',
  buyersAgent: "Buyer's agent",
  noAgent: 'The buyer has no agent.',
  agentNotNamed: 'Not named',
  qualification: 'Pre-qualification',
  qualified: (lender: string, amount: string) =>
    ['Pre-qualified', lender ? `with ${lender}` : '', amount ? `for $${amount}` : ''].filter(Boolean).join(' ') + '.',
  notQualified: 'The buyer is not pre-qualified.',
  cancelledByBuyer: 'The buyer cancelled this request.',
  saving: 'Saving…',
} as const;

/** <hearth-tours>: the viewer's tours. */
export const toursListTexts = {
  heading: 'Your Tours',
  headingListing: 'Tours of this listing',
  loading: 'Loading your tours…',
  failed: 'Your tours could not be loaded.',
  retry: 'Try again',
  empty: 'You have no tours yet.',
  emptyListing: 'There are no tours of this listing yet.',
  signInPrompt: 'Sign in to see your tours.',
  signIn: 'Sign In',
  /** Whose request it is. */
  roles: {
    BUYER: 'Your request',
    SELLER: 'A request on your listing',
    AGENT: 'A request you coordinate',
  },
  requestedAt: (first: string, more: number) => (more > 0 ? `Requested: ${first} (+${more} more)` : `Requested: ${first}`),
  scheduledAt: (time: string) => `Scheduled: ${time}`,
  tourMissing: 'This tour was not found.',
} as const;

/** <hearth-request-tour> (spec §2 Buyer request-tour, §5 Buyer tour times, §8). */
export const requestTourTexts = {
  button: 'Request a Tour',
  dialogTitle: 'Request a Tour',
  /** Spec §2: the two steps. */
  stepTourTime: 'Tour Time',
  stepMoreInfo: 'More Info',
  stepsLabel: 'Steps',
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  chooseTimes: 'Choose one or more times that suit you. The showing agent will confirm one of them.',
  zoneNote: (zone: string) => `Times are in the home's time zone (${zone}).`,
  gridCaption: 'Tour times for the next 3 days',
  timeColumn: 'Time',
  anotherDay: 'Another day',
  anotherDayPlaceholder: 'Choose a day',
  slotLabel: (day: string, time: string) => `${day} at ${time}`,
  chosenTimes: 'Your chosen times',
  noTimesChosen: 'No times chosen yet.',
  removeTime: (label: string) => `Remove ${label}`,
  continue: 'Continue',
  back: 'Back',
  submit: 'Request Tour',
  hasAgent: 'Are you working with a real estate agent?',
  qualified: 'Are you pre-qualified for a mortgage?',
  yes: 'Yes',
  no: 'No',
  labels: {
    agentName: 'Agent name',
    agentPhone: 'Agent phone',
    qualifiedLenderName: 'Lender name',
    qualifiedAmount: 'Pre-qualified amount',
  },
  amountHint: 'In dollars, e.g. 450,000',
  errors: {
    amountInvalid: 'Enter an amount in dollars, e.g. 450,000.',
    network: "We couldn't reach the server. Your choices are kept: check your connection, then press Request Tour again.",
    server: "We couldn't send your tour request. Your choices are kept: please press Request Tour again.",
    signedOut: 'Please sign in again, then press Request Tour.',
  },
  loading: 'Loading…',
  noListing: 'Set the listing-id attribute to the home to tour.',
  missing: 'This listing could not be found.',
  failed: "We couldn't load this listing. Please reload the page.",
  unavailable: 'This home does not take tour requests online. Please contact the agent to arrange a visit.',
  openTour: 'You have already requested a tour of this home.',
} as const;

/** The buyer tour details dialog (spec §2 Buyer tour details, §4). */
export const buyerTourTexts = {
  /** Spec §2: the heading is the tour status. */
  /** The dialog's heading is the status (spec §2). */
  statusHeading: tourStatusLabels,
  titleLoading: 'Tour details',
  loading: 'Loading your tour…',
  failed: "We couldn't load this tour.",
  missing: 'This tour was not found. It may belong to another account.',
  retry: 'Try again',
  scheduledTime: 'Scheduled time',
  start: 'Start',
  end: 'End',
  downloadEvent: 'Download Event',
  downloadUnavailable: 'The calendar file is not available yet.',
  requestedTimes: 'Requested times',
  show: 'Show',
  hide: 'Hide',
  showLabel: 'Show requested times',
  hideLabel: 'Hide requested times',
  cancellationReason: 'Cancellation reason',
  yourDetails: 'Your details',
  agent: 'Your agent',
  noAgent: 'No agent',
  prequalified: 'Pre-qualified',
  notPrequalified: 'Not pre-qualified',
  prequalifiedWith: (lender: string, amount: string) =>
    [lender && `with ${lender}`, amount && `for $${amount}`].filter(Boolean).join(' '),
  view: 'View',
  viewLabel: 'View the listing',
  guideBefore: 'Not sure what comes next? ',
  guideLink: 'Your Buying Guide',
  guideAfter: ' explains touring, making an offer and closing.',
  /** Spec §9: the contact address for cancelling a tour appears in the text as {email} (when it can no longer be cancelled here). */
  cancelContact: 'To cancel this tour, write to {email}.',
  cancelSubject: (address: string) => `Cancel my tour of ${address}`,
  close: 'Close',
  /** The buyer's own changes (modifyTour): cancel the request, or offer new times. */
  changesLabel: 'Change this tour',
  cancelRequest: 'Cancel Request',
  reschedule: 'Reschedule',
  confirmCancel: {
    title: 'Cancel your tour request?',
    keep: 'Keep Tour',
    confirm: 'Cancel Request',
    steps: [
      { icon: '✉', title: 'The showing agent is told', content: 'We let them know you no longer want to tour this home.' },
      { icon: '↩', title: 'You can ask again', content: 'Request a new tour from the listing page whenever you like.' },
    ],
  },
  cancelledByYou: 'You cancelled this request.',
  rescheduleTitle: 'Choose new times',
  /** A scheduled (or accepted) time is given up by new times: the seller picks again. */
  givesUpScheduled: (time: string) => `Your scheduled time, ${time}, is given up when you send new times.`,
  sendTimes: 'Send New Times',
  back: 'Back',
  changeErrors: {
    network: "We couldn't reach the server. Nothing was changed: check your connection and try again.",
    signedOut: 'Please sign in again, then try once more.',
  },
} as const;

/** <hearth-open-houses> and the seller open house dialog (spec §2 Seller open house, §4 Open house, §8). */
export const openHouseTexts = {
  heading: 'Open houses',
  addOpenHouse: 'Add Open House',
  viewListing: 'View Listing',
  loading: 'Loading open houses…',
  failed: 'The open houses could not be loaded.',
  retry: 'Try again',
  missing: 'This listing is not available.',
  emptySeller: 'No open houses yet. Add one so buyers can come and see the home.',
  emptyPublic: 'No open houses are scheduled.',
  addToCalendar: 'Add to calendar',
  addToCalendarLabel: (when: string) => `Add to calendar: open house ${when}`,
  /** The row's state: active, cancelled (spec §4 "disabled"), or over. */
  status: { active: 'Active', cancelled: 'Cancelled', ended: 'Ended' },
  fromFeed: 'From the MLS',
  edit: 'Edit',
  cancel: 'Cancel',
  activate: 'Activate',
  /** Accessible names of the row buttons: the visible word plus which open house. */
  editLabel: (when: string) => `Edit open house ${when}`,
  cancelLabel: (when: string) => `Cancel open house ${when}`,
  activateLabel: (when: string) => `Activate open house ${when}`,
  /** Confirm steps (spec §4: cancel and activate each with a confirm step; spec §2 confirm dialog). */
  confirmCancel: {
    title: 'Cancel this open house?',
    confirm: 'Cancel Open House',
    steps: [
      { icon: '🚫', title: 'It comes off the listing', content: 'Buyers no longer see it on the listing page.' },
      { icon: '↩', title: 'You can activate it again', content: 'Until it is over, Activate puts it back on the listing.' },
    ],
  },
  confirmActivate: {
    title: 'Activate this open house?',
    confirm: 'Activate Open House',
    steps: [
      { icon: '🏠', title: 'It shows on the listing again', content: 'Buyers see it on the listing page and can add it to their calendar.' },
      { icon: '🚫', title: 'You can cancel it any time', content: 'Cancel takes it off the listing again.' },
    ],
  },
  /** The seller open house dialog (spec §2, §5 Open house). */
  dialog: {
    newTitle: 'New Open House',
    editTitle: 'Edit Open House',
    subTitle: (address: string) => address,
    day: 'Date',
    start: 'Start time',
    end: 'End time',
    chooseDay: 'Select a date',
    chooseStart: 'Select a start time',
    chooseEnd: 'Select an end time',
    chooseDayFirst: 'Select a date first',
    confirm: 'Confirm Selection',
    needsAll: 'Choose a date, a start time and an end time.',
  },
} as const;
