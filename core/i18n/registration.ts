/** Every text of lead registration (issue 16) on the listing detail: the view and its tests import these. */
export const registrationTexts = {
  heading: 'Register to keep browsing',
  askText: 'Create a free account to see every detail and photo of the homes you like, save them and get alerts.',
  requireText: 'Create a free account to see the details of this home. It takes a minute and it is free.',
  register: 'Register',
  notNow: 'Not now',
  morePhotos: (count: number) => `Register to see all ${count} photos`,
  /** The lead's comment, as the agent reads it in the inbox. */
  leadComment: (listing: string | null) => (listing ? `Registered on the site while viewing ${listing}.` : 'Registered on the site.'),
};
