/**
 * The dynamic-config contract (spec §3 partner and app context, §7 GET /v1/api/dynamic-config/).
 * The server builds `app_context` from a partner record with these types; the browser validates what it
 * receives with the same schema and falls back to DEFAULT_APP_CONTEXT (spec §8) on any failure.
 */
import * as z from 'zod/mini';
import { THEME_TOKEN_NAME, THEME_TOKEN_VALUE } from '../../themes/tokens';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

const partnerSchema = () =>
  z.object({
  logo: optionalText(2048),
  name: optionalText(200),
  /** ISO 3166-1 alpha-2 codes for place search, spec §9 default US and NP. */
  addressSearchComponentRestrictions: z.optional(
    z.nullable(z.object({ country: z.array(z.string().check(z.regex(/^[a-zA-Z]{2}$/))).check(z.maxLength(20)) })),
  ),
  defaultSearchLocation: optionalText(200),
});

const themeDataSchema = () =>
  z.object({
  shortHeading: optionalText(200),
  sellEnabled: z.optional(z.boolean()),
  rentalEnabled: z.optional(z.boolean()),
  /** Partner overrides of the `--hearth-*` design tokens. */
  tokens: z.optional(
    z.record(z.string().check(z.regex(THEME_TOKEN_NAME)), z.string().check(z.regex(THEME_TOKEN_VALUE))),
  ),
});

const buildAppContextSchema = () =>
  z.object({
  agentApp: z.optional(z.boolean()),
  partner: z.optional(z.nullable(partnerSchema())),
  themeData: z.optional(z.nullable(themeDataSchema())),
  officeNumber: optionalText(40),
  cellNumber: optionalText(40),
  tollFreeNumber: optionalText(40),
  /**
   * Each phone number of the context (E.164) as shown: national for the partner's country, international otherwise.
   * Written by the server (server/partners/app-context.ts), read with `contextPhone` (core/format/phone.ts).
   */
  phoneDisplay: z.optional(z.nullable(z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(60))))),
  agentName: optionalText(200),
  agentEmail: optionalText(254),
  agentPic: optionalText(2048),
  countryFeed: z.optional(z.nullable(z.object({ state: optionalText(100) }))),
  appLogo: optionalText(2048),
  appName: optionalText(200),
  websiteName: optionalText(200),
  poweredBy: optionalText(200),
  showPoweredBy: z.optional(z.boolean()),
  isAgentApp: z.optional(z.boolean()),
  /** Absolute base URL of the hosted site: listing and account links point there. */
  siteUrl: optionalText(2048),
  /** Where visitors write for help (spec §9 contact addresses: cancelling a tour, mortgage questions). */
  supportEmail: optionalText(254),
  /** The privacy policy the contact form's 'never spam' link opens (absolute, or a path on the hosted site). */
  privacyPolicyUrl: optionalText(2048),
  /** The contact page the thank-you panel links to (absolute, or a path on the hosted site). */
  contactUrl: optionalText(2048),
  /**
   * The partner's Google Maps JavaScript API key (browser key, restricted by referrer). With it, maps,
   * places autocomplete, geocoding and street view come from Google (core/maps/google.ts, loaded only
   * when a map becomes visible); without it, the keyless map and our own place search.
   */
  mapsKey: optionalText(200),
  /** Spec §7: visitor activity is recorded only when the partner enables analytics (partner console). */
  analyticsEnabled: z.optional(z.boolean()),
  /** Lead registration (issue 16; core/registration/rule.ts): when a visitor is asked to register. */
  registration: z.optional(
    z.object({
      mode: z.enum(['off', 'views', 'details', 'photos']),
      views: z.optional(z.number()),
      photos: z.optional(z.number()),
      notNow: z.optional(z.number()),
    }),
  ),
});

export const appContextSchema = lazySchema(buildAppContextSchema);
export type AppContext = z.infer<ReturnType<typeof buildAppContextSchema>>;

const buildAppConfigResponseSchema = () =>
  z.object({
  app_config: z.object({
    app_context: z.string(),
    error: z.optional(z.nullable(z.string())),
    domain: z.optional(z.nullable(z.string())),
  }),
});
export const appConfigResponseSchema = lazySchema(buildAppConfigResponseSchema);
export type AppConfigResponse = z.infer<ReturnType<typeof buildAppConfigResponseSchema>>;

export { DEFAULT_APP_CONTEXT } from './context';

/** Spec §9: local storage entry default expiry. */
export const CONFIG_CACHE_MS = 300_000;
