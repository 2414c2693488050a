/**
 * The phone widget's rules over the phone rules bound statically (core/format/phone-static.ts): for the server's
 * rule registry (`../rules.ts`) and tests. The browser never imports this file: its widget loads the same rules
 * lazily (`questionnaire/client/widget-loader.ts`).
 */
import { phoneRules as rules } from '../../../core/format/phone-static';
import { phoneRulesWith } from './phone.rules';

export const phoneRules = /* @__PURE__ */ phoneRulesWith(rules);
