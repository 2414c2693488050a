/**
 * The phone rules in the browser: libphonenumber-js `core`, ./phone-rules.ts and the `min` metadata are one lazy
 * chunk (DESIGN §5: ~30 KB gzip that no element chunk carries), asked for when a phone field is first used and
 * shared by every element of the page. A failed load is forgotten, so the next use asks again.
 */
import type { PhoneRules } from './phone-rules';

let loading: Promise<PhoneRules> | null = null;
let loaded: PhoneRules | null = null;

export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= Promise.all([import('./phone-rules'), import('libphonenumber-js/min/metadata')]).then(
    ([rules, metadata]) => (loaded = rules.phoneRulesWith(metadata.default)),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The rules once loaded (null before): for a render that must not wait. */
export const loadedPhoneRules = (): PhoneRules | null => loaded;
