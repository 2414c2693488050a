/**
 * Every text of <hearth-account>: the profile (names, legal name, email, phone, the agent flag, the photo) and the
 * settings (notifications, password, Google, deleting the account). No brand name: the element runs on partners'
 * pages. The two sentences of what deleting removes and keeps are quoted in docs/privacy.md.
 */
const devices = (count: number) => (count === 1 ? '1 other device was' : `${count} other devices were`);

export const accountTexts = {
  tabsLabel: 'Your account',
  tabs: { profile: 'Profile', settings: 'Settings' },
  loading: 'Loading your account…',
  signedOut: 'Sign in to see and change your account.',
  signIn: 'Sign In',
  loadFailed: 'Your account could not be loaded.',
  retry: 'Try again',
  network: 'We could not reach the server. Check your connection and try again.',
  fixFields: 'Some fields need attention.',
  tooLong: (max: number) => `Keep it under ${max} characters.`,

  profile: {
    heading: 'Your Profile',
    firstName: 'First name',
    lastName: 'Last name',
    legalName: 'Legal name',
    legalNameHint: 'Your full name as on your ID. It goes on offers and documents you sign.',
    email: 'Email',
    emailRequired: 'Please enter your email',
    emailHint: 'A new address is confirmed by a link we mail to it.',
    emailUnconfirmed: 'Not confirmed yet: open the link we mailed to this address.',
    phone: 'Phone',
    phoneHint: 'So the agents you contact can call you back.',
    agent: 'I am a real estate agent',
    agentHint: 'Tell the sellers and buyers you deal with here that you work as an agent.',
    save: 'Save profile',
    saving: 'Saving…',
    saved: 'Your profile is saved.',
    savedEmail: (email: string) => `Your profile is saved. We mailed a link to ${email}: open it to confirm the new address.`,
    unchanged: 'Nothing to save: your profile is as shown.',
    failed: 'Your profile could not be saved. Please try again.',
  },

  photo: {
    alt: 'Your photo',
    previewAlt: 'The photo being uploaded',
    none: 'No photo yet',
    choose: 'Upload a photo',
    change: 'Change photo',
    hint: 'JPEG, PNG, WebP or GIF, up to 5 MB.',
    uploading: (percent: number) => `Uploading your photo… ${percent}%`,
    uploaded: 'Your photo is saved.',
    remove: 'Remove photo',
    removing: 'Removing…',
    removed: 'Your photo is removed.',
    cancel: 'Cancel upload',
    wrongType: (name: string) => `“${name}” is not a JPEG, PNG, WebP or GIF picture.`,
    tooLarge: (name: string) => `“${name}” is larger than 5 MB. Choose a smaller picture.`,
    failed: 'Your photo could not be saved. Please try again.',
  },

  notifications: {
    heading: 'Notifications',
    savedSearchEmails: 'Email me new homes that match my saved searches',
    savedSearchEmailsHint: 'How often each search writes is set on Your Saved Searches. New matches always appear on your notifications page.',
    always: 'Mails about your sign-ins, password, tours and offers are always sent.',
    saving: 'Saving…',
    saved: 'Your notification settings are saved.',
    failed: 'Your notification settings could not be saved. Please try again.',
  },

  password: {
    heading: 'Password',
    current: 'Current password',
    new: 'New password',
    noPassword: 'Your account signs in with Google. Set a password to sign in with your email too.',
    change: 'Change password',
    set: 'Set password',
    changing: 'Saving…',
    changed: (count: number) => (count === 0 ? 'Your password is changed.' : `Your password is changed. ${devices(count)} signed out.`),
    currentRequired: 'Enter your current password.',
    newRequired: 'Choose a new password.',
    rulesHeading: 'Your password must:',
    ruleMet: 'met',
    ruleNotMet: 'not met yet',
    failed: 'Your password could not be changed. Please try again.',
  },

  google: {
    heading: 'Sign in with Google',
    linked: 'Linked: you can sign in with your Google account.',
    notLinked: (email: string) => `Not linked. Sign in with Google once, with ${email}, to link it.`,
  },

  deletion: {
    heading: 'Delete your account',
    removed:
      'Your profile, photo, saved homes and searches, documents, questionnaire answers and sign-ins are removed, and your homes come off the site.',
    kept: 'Offers and tour requests you sent stay with those sellers without your name, payments stay for accounting law, and messages you sent to agents stay with those agents.',
    open: 'Delete account…',
    dialogTitle: 'Delete your account?',
    dialogSubTitle: 'This cannot be undone.',
    typeLabel: 'Type DELETE to confirm',
    word: 'DELETE',
    typeMismatch: 'Type DELETE in capital letters to confirm.',
    password: 'Your password',
    googleOnly: 'Your account signs in with Google: if you signed in more than 10 minutes ago, sign out and in again first.',
    confirm: 'Delete my account',
    deleting: 'Deleting…',
    cancel: 'Cancel',
    failed: 'Your account could not be deleted. Please try again.',
    goodbyeHeading: 'Your account is deleted',
    goodbye: 'We are sorry to see you go. What was listed is removed, and you are signed out on every device.',
    home: 'Go to the home page',
  },
} as const;
