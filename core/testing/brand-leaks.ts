/**
 * Our brand where a partner's visitor or agent must never see it (issue 35): our name, and the default
 * context's phone numbers in any format ('8005550199', '(800) 555-0199', '+1 800-555-0199'). Shared by the
 * server's white-label test (pages, mails, flyers) and the browser test of every element on a partner's page.
 */
import { DEFAULT_APP_CONTEXT } from '../config/context';

const OUR_NAME = /hearth/i;

/** A number's last ten digits with anything but digits allowed between them. */
const numberPattern = (number: string) => new RegExp(number.replace(/\D/g, '').slice(-10).split('').join('\\D{0,3}'));

const OUR_NUMBERS = [DEFAULT_APP_CONTEXT.tollFreeNumber, DEFAULT_APP_CONTEXT.officeNumber].map(numberPattern);

/** A text that a person reads somewhere (`where`: the element and the part, the mail's field, …). */
export interface ShownText {
  where: string;
  text: string;
}

/** Each shown text naming us or showing one of our numbers, as `where: …the text around it…`. */
export function brandLeaks(texts: readonly ShownText[]): string[] {
  const leaks: string[] = [];
  for (const { where, text } of texts) {
    for (const pattern of [OUR_NAME, ...OUR_NUMBERS]) {
      const match = pattern.exec(text);
      if (match) leaks.push(`${where}: …${text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40).replace(/\s+/g, ' ')}…`);
    }
  }
  return leaks;
}
