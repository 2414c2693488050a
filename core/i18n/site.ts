/** Texts of the hosted site's pages (spec §2 routes, pages and shell). */
import { MAX_STAY_GUESTS } from '../stays/stay-rules';

export const siteTexts = {
  /** The hosted listing page's side panel: the tour and offer buttons, the open houses. */
  listingSide: 'Tours and offers',
  /** Spec §2 not-found page. */
  notFoundHeading: 'Oops!',
  notFoundText: "We can't seem to find the page you're looking for.",
  notFoundCode: 'Error code: 404',
  /** Spec §2 mortgage page. */
  mortgage: {
    heading: 'Mortgage',
    getPrequalified: 'Get Prequalified',
    /** Our heading of /mortgage/preapproval (the spec names the route, not its text). */
    getPreapproved: 'Get Pre-approved',
    refinance: 'Ready to Refinance?',
    getStarted: 'Get Started',
    callPrompt: 'Rather talk it through? Call us at',
  },
  /** Spec §1 mortgage claims. */
  mortgageClaims: [
    'Low-rate guarantee: we beat a competitor’s locked loan estimate or pay you $500.',
    'Top 1% speed-to-close.',
    'Instant pre-qualification.',
  ],
  mortgageSteps: ['Apply online', 'Upload documents', 'Sign electronically'],
  /** Spec §2 Shell: the header's links and menus, logged out and logged in. */
  nav: {
    home: 'Home',
    buy: 'Buy',
    findHome: 'Find a Home',
    sell: 'Sell',
    sellYourHome: 'Sell Your Home',
    rent: 'Rent',
    listForRent: 'List My Home For Rent',
    /** Ours (issue 35): the Rent menu's searches, beside the spec's 'List My Home For Rent'. */
    findRental: 'Find a Rental',
    findStay: 'Find a Stay',
    blog: 'Blog',
    contactMe: 'Contact Me',
    signIn: 'Sign Up / Log In',
    notifications: 'Notifications',
    account: 'Account',
    ownerDashboard: 'Owner Dashboard',
    mortgage: 'Mortgage',
    tours: 'Your Tours',
    offers: 'Your Offers',
    documents: 'Your Documents',
    favorites: 'Your Favorites',
    savedSearches: 'Your Saved Searches',
    guide: 'Your Buying Guide',
    settings: 'Your Settings',
    /** Our own site's Account menu (not spec §2's list): the partner console, where one becomes a partner. */
    partnerConsole: 'Partner Console',
    logOut: 'Log Out',
    menu: 'Menu',
  },
  /** Spec §2 Shell: the footer. */
  footer: {
    privacy: 'Privacy Policy',
    terms: 'Terms & Conditions',
    contact: 'Contact',
    resources: 'Resource Center',
    housingMarket: (state: string) => `${state} Housing Market`,
  },
  /** Spec §1 claims of the buy landing page. */
  buyClaims: ['Up to $5k of your closing costs refunded.', 'A dedicated agent from your first tour to your closing day.', 'Book tours in a few clicks, at times that suit you.'],
  /** Spec §1 claims of the sell landing page. */
  sellClaims: [
    'A 1% listing fee.',
    'Local agents who know your neighbourhood.',
    'About one million more listings than an MLS, including for-sale-by-owner homes, foreclosures and new construction.',
  ],
  /** Spec §2 sell page. */
  sell: {
    startListing: 'Start Listing',
    addressLabel: 'Address of the home you are selling',
    /** Under the box (issue 36): an address not in the suggestions still starts a listing. */
    typedHint: 'Not in the list? Type the full address (street, city, state and ZIP) and press Start Listing.',
    buying: 'Buying',
    startBuying: 'Start Buying',
    startSelling: 'Start Selling',
    getPrequalified: 'Get prequalified',
    /** Ours (issue 36): the link to /home-value. */
    homeValue: 'What is my home worth?',
  },
  /** Ours (issue 36): the hosted /home-value page around <hearth-home-value>. */
  homeValue: {
    title: 'Your home’s value',
    description: 'A free estimate of what your home is worth from recent sales nearby: the sales compared, the likely range and how we got there.',
    intro: 'See what homes like yours nearby sold for, and what that makes yours worth today.',
    sell: 'Sell your home for a 1% listing fee',
  },
  /** Spec §2 selling routes. */
  selling: { title: 'Sell Your Home', listingStart: 'Low rates. Low fees. Happy customers' },
  /** Ours (issue 35, renters): the /stays search. */
  stays: {
    title: 'Stays',
    intro: 'Short stays in homes near you, by the night.',
    searchLabel: 'Search stays',
    where: 'Where',
    wherePlaceholder: 'City, ZIP or neighbourhood',
    checkIn: 'Check in',
    checkOut: 'Check out',
    guests: 'Guests',
    search: 'Search',
    /** How many guests the list offers. */
    maxGuests: MAX_STAY_GUESTS,
    guestCount: (n: number) => (n === 1 ? '1 guest' : `${n} guests`),
    found: (n: number, shown: number) => `${n === 1 ? '1 stay' : `${n.toLocaleString('en-US')} stays`}${n > shown ? ` · the newest ${shown} shown` : ''}`,
    none: 'No stays are open for booking right now.',
    noneForSearch: 'No stays match these dates and guests here. Try other dates or fewer guests.',
    noPlace: (where: string) => `No place matches “${where}”. Try a city, ZIP or neighbourhood.`,
    bothDates: 'Choose both a check-in and a check-out date.',
    badDate: 'Choose dates from the calendar.',
    pastCheckIn: 'Check-in is in the past: choose today or a later day.',
    nights: (max: number) => `Check-out must be 1 to ${max} nights after check-in.`,
  },
  /** Spec §2 contact page. */
  contactHeading: 'Contact Us',
  contactText: 'Send us a message: we reply within 24 hours.',
  /** Spec §2 post-login redirect screen and log-out. */
  redirecting: 'Taking you back…',
  loggingOut: 'Logging you out…',
  /** The log-out page of a signed-in browser: nothing ends until the button is pressed (issue 33). */
  logOutConfirm: 'Log out of this site on this device?',
  logOutButton: 'Log out',
  stayLoggedIn: 'Stay logged in',
  /** Spec §9 application version. */
  applicationVersion: '1.0.0',
} as const;
