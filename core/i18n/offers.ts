/**
 * Every text of the make-offer flow and the offers lists (spec §2 make-offer dialog, §3 Offer, §4, §8):
 * the views and the tests import these.
 */
export const offerTexts = {
  // ---- <hearth-make-offer> ----
  makeOffer: 'Make an Offer',
  /** The listing does not take offers (enableOffer false). */
  notAccepting: 'The seller is not taking offers online for this home. Contact the agent to make an offer.',
  noListing: 'Set listing-id to the home the offer is for.',
  listingLoading: 'Loading the home…',
  listingMissing: 'This home could not be found.',
  listingFailed: 'This home could not be loaded. Please try again later.',
  dialog: {
    title: 'Make an Offer',
    subTitle: (address: string | null) => (address ? `On ${address}. Here is what happens next.` : 'Here is what happens next.'),
    steps: [
      {
        icon: '1',
        title: 'Fill in your offer',
        content: 'Your price, whether you pay cash or finance, your pre-qualification, contingencies and the closing date you want.',
      },
      {
        icon: '2',
        title: 'Review it',
        content: 'Check every answer on the summary before you submit. Until then your offer stays a draft you can come back to.',
      },
      {
        icon: '3',
        title: 'The seller is notified',
        content: 'Once you submit, the seller and their agent receive your offer and get back to you.',
      },
    ],
    confirm: 'Start my offer',
  },
  /** Spec §8: offer creation fails. */
  failed: 'Something went wrong.',
  questionnaireLabel: 'Your offer',
  submittedHeading: 'Offer submitted',
  /** The confirmation after submitting (and beside a submitted offer in the list, and in the buyer's copy by mail). */
  sentTo: (recipient: 'SELLER' | 'AGENT', amount: string | null, address: string | null, updated = false) =>
    `Your ${updated ? 'updated ' : ''}offer${amount ? ` of ${amount}` : ''}${address ? ` on ${address}` : ''} was sent ${
      recipient === 'SELLER' ? 'to the seller, who was notified by email' : 'to our agents, who present it to the listing agent'
    }.`,
  /** Before the offer's figures have been read back. */
  sending: 'Your offer was submitted.',
  standsUntil: (day: string) => `It stands until ${day}.`,
  whatNext: 'What happens next: the seller reviews your offer and accepts, counters or declines it; they or their agent will contact you with the answer.',
  emailedCopy: 'We emailed you a copy.',
  /** The submitted offer in the list: when it went, to whom. */
  sentOn: (recipient: 'SELLER' | 'AGENT', day: string) =>
    recipient === 'SELLER'
      ? `Sent to the seller on ${day}; they were notified by email.`
      : `Sent on ${day} to our agents, who present it to the listing agent.`,
  seeOffers: 'See your offers',

  // ---- <hearth-offers> ----
  buyerHeading: 'Your offers',
  sellerHeading: 'Offers received',
  signInPrompt: 'Sign in to see your offers.',
  signIn: 'Sign In',
  loading: 'Loading offers…',
  empty: "You haven't made any offers yet.",
  emptyForListing: 'No offers on this home yet.',
  loadFailed: 'Your offers could not be loaded.',
  retry: 'Try again',
  continueOffer: 'Continue offer',
  hideOffer: 'Hide offer form',
  /** Label of the continued offer form, for a listing address. */
  continueLabel: (address: string) => `Your offer on ${address}`,
  labels: {
    status: 'Status',
    amount: 'Offer',
    made: 'Made on',
    received: 'Received',
    buyer: 'Buyer',
    payment: 'Payment',
    prequalified: 'Pre-qualified',
    closingDate: 'Closing date',
    contingencies: 'Contingencies',
    expires: 'Stands until',
  },
  cash: 'Cash',
  financed: 'Financed',
  yes: 'Yes',
  no: 'No',
  noContingencies: 'None',
  notAnswered: 'Not answered yet',
  notNeededForCash: 'Not needed (cash)',
  statuses: {
    Draft: 'Draft',
    Submitted: 'Submitted',
  } as Record<string, string>,
} as const;

/** 'Draft' and 'Submitted' by name; any other server status as the server spells it. */
export const offerStatusLabel = (status: string) => offerTexts.statuses[status] ?? status;
