/** Every text of <hearth-app> (the whole site as one element): the view and its tests import these. */
export const appTexts = {
  loading: 'Loading…',
  failed: 'This page could not be loaded.',
  retry: 'Try again',
  redirectLoop: 'This page keeps sending you elsewhere. Go to the home page instead.',
  home: 'Home page',
  /** Said to screen readers when a page has been shown in place. */
  shown: (title: string) => `${title}, page loaded`,
};
