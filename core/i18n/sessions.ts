/** Texts of the "Signed-in devices" section of the account panel (issue 22). */
export const sessionTexts = {
  heading: 'Signed-in devices',
  loading: 'Loading your devices…',
  empty: 'No other device is signed in.',
  failed: 'Your devices could not be loaded.',
  retry: 'Try again',
  unknownDevice: 'Unknown device',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutLabel: (device: string) => `Sign out ${device}`,
  signOutOthers: 'Sign out everywhere else',
  signingOut: 'Signing out…',
  signOutFailed: 'The device could not be signed out. Please try again.',
  signedOutOthers: (count: number) => (count === 1 ? 'Signed out 1 other device.' : `Signed out ${count} other devices.`),
  signedIn: (date: string) => `Signed in ${date}`,
  lastActive: (date: string) => `last active ${date}`,
} as const;
