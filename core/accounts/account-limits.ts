/**
 * The limits of a user's own account, one module both sides apply: <hearth-account> checks a field before sending
 * it, the server (server/accounts/settings.ts, the photo upload) refuses it again whatever the client did.
 */

/** A first or last name's longest length (spec §7 saveSettings). */
export const ACCOUNT_NAME_MAX = 100;
/** A legal name's longest length. */
export const LEGAL_NAME_MAX = 200;
/** A profile photo's largest upload: the server's picture rule (server/uploads/image.ts PICTURE_RULES, checked equal by a test). */
export const USER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
