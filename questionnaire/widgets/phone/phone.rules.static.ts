/**
 * The phone rules bound to libphonenumber-js's `min` metadata, imported statically: for the server's
 * rule registry (`../rules.ts`) and tests. The browser never imports this file: its widget loads the same
 * metadata lazily (`questionnaire/client/widget-loader.ts`).
 */
import metadata from 'libphonenumber-js/min/metadata';
import { phoneRulesWith } from './phone.rules';

export const phoneRules = /* @__PURE__ */ phoneRulesWith(metadata);
