/** Texts of the hosted site's pages (spec §2 routes, pages and shell). */
export const siteTexts = {
  /** Spec §2 not-found page. */
  notFoundHeading: 'Oops!',
  notFoundText: "We can't seem to find the page you're looking for.",
  notFoundCode: 'Error code: 404',
  /** Spec §2 mortgage page. */
  mortgage: {
    heading: 'Mortgage',
    getPrequalified: 'Get Prequalified',
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
  nav: {
    home: 'Home',
    findHome: 'Find a Home',
    mortgage: 'Mortgage',
    tours: 'Your Tours',
    offers: 'Your Offers',
    guide: 'Your Buying Guide',
    signIn: 'Sign Up / Log In',
  },
  footer: {
    privacy: 'Privacy Policy',
    terms: 'Terms & Conditions',
    contact: 'Contact',
  },
} as const;
