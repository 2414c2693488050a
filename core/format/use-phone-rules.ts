/**
 * A form's phone field in the browser: the partner's country (from the app context) and the phone rules, loaded
 * when the field is first used (./phone-load.ts) and shared by the page. `check` reads a number as the server
 * will; until the rules are in (or when their chunk could not load) it lets a typed number through for the
 * server to judge, which answers with the same message.
 */
import { useCallback, useState } from 'react';
import { appContextAtom } from '../config/config';
import { useHearthValue } from '../state/hooks';
import { contextPhoneCountry } from './phone';
import { loadedPhoneRules, loadPhoneRules } from './phone-load';
import type { PhoneCheck, PhoneRules } from './phone-rules';

/** Until the rules are in: anything typed goes to the server, which reads it with the same rule. */
const uncheckedPhone: PhoneCheck = (text) => ({ ok: true, e164: text.trim() });

/** Only what a number is written with is reformatted as typed (letters stay, for the rule to name them). */
const NUMBER_TEXT = /^[\d\s().\-+]*$/;

/**
 * A phone field's text after an edit: reformatted as typed ('8013634' → '(801) 363-4') while digits are added at
 * its end; as typed otherwise (deleting, editing in the middle, before the rules are in).
 */
export function phoneAsTyped(previous: string, next: string, caretAtEnd: boolean, rules: PhoneRules | null, country: string): string {
  const digits = (text: string) => text.replace(/\D/g, '').length;
  if (!rules || !caretAtEnd || !NUMBER_TEXT.test(next) || digits(next) <= digits(previous)) return next;
  return rules.asTyped(next, country) || next;
}

export interface PhoneField {
  /** The partner's country: a number without a country code is one of it. */
  country: string;
  rules: PhoneRules | null;
  /** The field's check for the partner's country (see above). */
  check: PhoneCheck;
  /** Loads the rules (once per page); resolves to null when their chunk cannot load. */
  load: () => Promise<PhoneRules | null>;
}

export function usePhoneRules(): PhoneField {
  const context = useHearthValue(appContextAtom)?.context;
  const country = contextPhoneCountry(context);
  const [rules, setRules] = useState<PhoneRules | null>(loadedPhoneRules);
  const load = useCallback(
    () =>
      loadPhoneRules().then(
        (loaded) => {
          setRules(loaded);
          return loaded;
        },
        () => null,
      ),
    [],
  );
  return { country, rules, check: rules ? rules.check(country) : uncheckedPhone, load };
}
