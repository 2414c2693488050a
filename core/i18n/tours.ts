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
