/**
 * The phone rules bound to libphonenumber-js's `min` metadata, imported statically: for the server and tests. The
 * browser never imports this file; it loads the same rules and metadata lazily (./phone-load.ts).
 */
import metadata from 'libphonenumber-js/min/metadata';
import { phoneRulesWith } from './phone-rules';

export const phoneRules = /* @__PURE__ */ phoneRulesWith(metadata);
