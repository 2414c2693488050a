/**
 * Which fields of the app context are a brand (issue 35). Apart from core/config/brand.ts, which every element
 * loads: only the server, the partner console and the tests need the list.
 */
import type { AppContext } from './schema';

/**
 * The fields of the context that carry a brand: its names, numbers, addresses, pictures and links. The default
 * context holds ours (spec §9: the default contact phone, a placeholder app name), shown on our own site only;
 * a partner's context sets each to its own value or to null (`UNBRANDED`, server/partners/app-context.ts), so an
 * element under a partner shows the partner's or nothing, never ours (issue 35).
 */
export const BRAND_FIELDS = [
  'officeNumber',
  'cellNumber',
  'tollFreeNumber',
  'agentName',
  'agentEmail',
  'agentPic',
  'appLogo',
  'appName',
  'websiteName',
  'supportEmail',
  'privacyPolicyUrl',
  'contactUrl',
] as const satisfies readonly (keyof AppContext)[];

/** Every brand field unset: what a partner's context starts from. */
export const UNBRANDED = Object.fromEntries(BRAND_FIELDS.map((field) => [field, null])) as { [F in (typeof BRAND_FIELDS)[number]]: null };
