/**
 * The notification settings a user chooses (spec §3 User.notificationSettings, §7 saveSettings): each one is a
 * kind of message the server sends only while it is on. A rule both sides apply (no DOM, no zod): the server
 * refuses a setting that is not here, or of the wrong type (server/accounts/settings.ts), and reads each where it
 * sends the message; <hearth-account> shows one switch per setting. A new setting is a row here and a read where
 * its message is sent.
 *
 * Mails that keep an account safe or answer something the person did (confirming an address, a password reset,
 * sign-ins that failed, a tour or offer they take part in) are not settings: they are always sent.
 */
export const NOTIFICATION_SETTINGS = {
  /** Mail the new matches of saved searches (server/accounts/alerts.ts); the notifications page lists them either way. */
  savedSearchEmails: { default: true },
} as const satisfies Record<string, { default: boolean }>;

export type NotificationSettingKey = keyof typeof NOTIFICATION_SETTINGS;
export type NotificationSettingValues = Record<NotificationSettingKey, boolean>;

export const NOTIFICATION_SETTING_KEYS = Object.keys(NOTIFICATION_SETTINGS) as NotificationSettingKey[];

const isKey = (key: string): key is NotificationSettingKey => Object.hasOwn(NOTIFICATION_SETTINGS, key);

/** Every setting's value for what a user has stored (a setting never chosen has its default). */
export function notificationSettingValues(stored: unknown): NotificationSettingValues {
  const record = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const values = {} as NotificationSettingValues;
  for (const key of NOTIFICATION_SETTING_KEYS) {
    const value = record[key];
    values[key] = typeof value === 'boolean' ? value : NOTIFICATION_SETTINGS[key].default;
  }
  return values;
}

/** Why a saveSettings value cannot be stored, or null when every key is a setting with an on/off value. */
export function notificationSettingsProblem(input: unknown): string | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'Notification settings must be an object of on/off values.';
  for (const [key, value] of Object.entries(input)) {
    if (!isKey(key)) return `There is no notification setting called “${key.slice(0, 60)}”.`;
    if (typeof value !== 'boolean') return `The notification setting “${key}” is on or off (true or false).`;
  }
  return null;
}
