/**
 * Submitting an offer (spec §3 Offer, §4 make-offer flow): when the buyer-offer questionnaire of a buyer
 * case is completed, its offer becomes 'Submitted' with the figures read from the answers, and the
 * listing's seller is mailed. Completing it again after an edit updates the figures and tells the seller
 * the offer changed. Called from server/cases/completion.ts inside the questionnaire's transaction.
 *
 * How questionnaire/definitions/buyer-offer.json stores the answers (widget spec §3):
 *   offer_amount   currency widget: plain number text in major units ('450000', '450000.5')
 *   closing_date   date widget: month/day/year ('3/15/2027')
 *   financing      radio group: cash_offer | fin_conventional | fin_fha | fin_va | fin_usda, each 'Yes' / 'Off'
 *   prequalified   boolean pair prequalified_buyer / not_prequalified_buyer (hidden for cash offers)
 *   contingencies  checkbox group; the labels of the checked options are kept ('Inspection', …)
 */
import { offerTexts } from '../../core/i18n/offers';
import { formatMoney } from '../../core/format/money';
import {
  downPayment,
  earnestMoney,
  escalationCap,
  figureOf,
  offerPrice,
  sellerConcessions,
  upcomingDate,
  type Finding,
} from '../../core/validation/plausibility';
import type { QuestionnaireDefinition } from '../../questionnaire/engine/definition';
import { screenWidgets, type Context } from '../../questionnaire/engine/flow';
import { renderTemplate } from '../../questionnaire/engine/templates';
import { isChecked } from '../../questionnaire/widgets/radio-checkbox/radio-checkbox.rules';
import { YES, type OptionSpec, type Values, type WidgetSpec } from '../../questionnaire/widgets/widget';
import type { Queryable } from '../db';
import { badInput } from '../domain-error';
import { formatAddress } from '../../core/format/address';
import { PUBLIC_ADDRESS_COLUMNS, publicAddress, type PublicAddress, type PublicAddressRow } from '../listings/search/listing';
import { queueMail } from '../mail/outbox';

const OFFER_VARIABLES = {
  amount: 'offer_amount',
  listPrice: 'list_price',
  earnestMoney: 'earnest_money',
  sellerConcessions: 'seller_concessions',
  downPayment: 'down_payment',
  escalation: 'escalation',
  escalationCap: 'escalation_cap',
  closingDate: 'closing_date',
  cash: 'cash_offer',
  prequalified: 'prequalified_buyer',
  notPrequalified: 'not_prequalified_buyer',
} as const;
const FINANCING_WIDGET = 'financing';
const CONTINGENCIES_WIDGET = 'contingencies';

/** The largest amount a bigint of pennies comfortably holds as a JavaScript number. */
const MAX_PENNIES = Number.MAX_SAFE_INTEGER;

export interface OfferAnswers {
  amountInPennies: number | null;
  cash: boolean | null;
  prequalified: boolean | null;
  /** yyyy-mm-dd */
  closingDate: string | null;
  contingencies: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A currency widget value ('450000', '450000.5') in pennies; null when empty, negative or not a number. */
export function penniesOf(value: unknown): number | null {
  const stored = text(value);
  if (!/^\d+(\.\d*)?$/.test(stored)) return null;
  const pennies = Math.round(Number(stored) * 100);
  return Number.isSafeInteger(pennies) && pennies <= MAX_PENNIES ? pennies : null;
}

/** A date widget value ('3/15/2027') as '2027-03-15'; null when empty or not a real date. */
export function isoDateOf(value: unknown): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text(value));
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function widgetNamed(definition: QuestionnaireDefinition, key: string, context: Context): WidgetSpec | null {
  for (const screen of definition.screens) {
    const widget = screenWidgets(renderTemplate(screen.markup, context)).find((w) => w.key === key);
    if (widget) return widget;
  }
  return null;
}

function checkedOptions(widget: WidgetSpec | null, context: Context): OptionSpec[] {
  if (!widget) return [];
  const values: Values = {};
  for (const option of widget.options) values[option.variable] = text(context[option.variable]);
  return widget.options.filter((option) => option.variable && isChecked(widget, option, values));
}

/** The offer's figures from the buyer-offer answers; what was not answered is null (or no contingencies). */
export function offerAnswersOf(definition: QuestionnaireDefinition, context: Context): OfferAnswers {
  const financing = checkedOptions(widgetNamed(definition, FINANCING_WIDGET, context), context);
  const cash = financing.length === 0 ? null : financing.some((o) => o.variable === OFFER_VARIABLES.cash);
  // The pre-qualification question is hidden for a cash offer: an earlier answer no longer applies.
  const prequalified =
    cash !== false
      ? null
      : text(context[OFFER_VARIABLES.prequalified]) === YES
        ? true
        : text(context[OFFER_VARIABLES.notPrequalified]) === YES
          ? false
          : null;
  return {
    amountInPennies: penniesOf(context[OFFER_VARIABLES.amount]),
    cash,
    prequalified,
    closingDate: isoDateOf(context[OFFER_VARIABLES.closingDate]),
    contingencies: checkedOptions(widgetNamed(definition, CONTINGENCIES_WIDGET, context), context).map((o) => o.label),
  };
}

// ---------------------------------------------------------------------------------------------------
// What no offer may say (issue 36)

/**
 * The first impossible figure of an offer's answers, by the rules of core/validation/plausibility.ts: closing
 * costs or earnest money at or above the price, a down payment above it, an escalation cap below it, a closing
 * date that has passed. The questionnaire refuses these on its own screens (questionnaire/engine/plausible.ts);
 * this holds for every version of the questionnaire, so no offer is submitted with them.
 */
export function offerRefusal(context: Context, today: Date = new Date(), currencyCode = 'USD'): Finding | null {
  const figure = (variable: string) => figureOf(text(context[variable]));
  const judgement = { today, currencyCode };
  const price = figure(OFFER_VARIABLES.amount);
  const findings = [
    price === null ? null : offerPrice(price, figure(OFFER_VARIABLES.listPrice), judgement),
    ...(
      [
        [OFFER_VARIABLES.earnestMoney, earnestMoney],
        [OFFER_VARIABLES.sellerConcessions, sellerConcessions],
        [OFFER_VARIABLES.downPayment, downPayment],
      ] as const
    ).map(([variable, rule]) => {
      const amount = figure(variable);
      // A hidden down payment (a cash offer) is no longer part of the offer.
      if (amount === null || (variable === OFFER_VARIABLES.downPayment && text(context[OFFER_VARIABLES.cash]) === YES)) return null;
      return rule(amount, price, judgement);
    }),
    text(context[OFFER_VARIABLES.escalation]) === YES && figure(OFFER_VARIABLES.escalationCap) !== null
      ? escalationCap(figure(OFFER_VARIABLES.escalationCap)!, price, null, judgement)
      : null,
  ];
  const closing = isoDateOf(context[OFFER_VARIABLES.closingDate]);
  if (closing) findings.push(upcomingDate(closing, judgement, 'The closing date'));
  return findings.find((f) => f?.level === 'refuse') ?? null;
}

// ---------------------------------------------------------------------------------------------------
// The seller's mail

interface SubmittedOffer {
  listing: PublicAddress;
  currencyCode: string;
  buyerName: string;
  answers: OfferAnswers;
}

const yesNo = (value: boolean | null) => (value === null ? offerTexts.notAnswered : value ? offerTexts.yes : offerTexts.no);

/** '2027-03-15' → 'March 15, 2027' (a calendar date: no time zone applies). */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${iso}T00:00:00Z`));

export function sellerOfferMail(offer: SubmittedOffer, updated: boolean): { subject: string; body: string } {
  const address = formatAddress(offer.listing);
  const a = offer.answers;
  const amount = a.amountInPennies === null ? null : formatMoney(a.amountInPennies, offer.currencyCode);
  const labels = offerTexts.labels;
  const lines = [
    updated
      ? `${offer.buyerName} changed their offer on ${address}${amount ? `; it is now ${amount}` : ''}.`
      : `${offer.buyerName} made an offer${amount ? ` of ${amount}` : ''} on ${address}.`,
    '',
    `${labels.amount}: ${amount ?? offerTexts.notAnswered}`,
    `${labels.payment}: ${a.cash === null ? offerTexts.notAnswered : a.cash ? offerTexts.cash : offerTexts.financed}`,
    ...(a.cash ? [] : [`${labels.prequalified}: ${yesNo(a.prequalified)}`]),
    `${labels.closingDate}: ${a.closingDate ? longDate(a.closingDate) : offerTexts.notAnswered}`,
    `${labels.contingencies}: ${a.contingencies.length ? a.contingencies.join(', ') : offerTexts.noContingencies}`,
    '',
    'Open the offers on your listing to review it.',
  ];
  return { subject: `${updated ? 'Offer updated' : 'New offer'}: ${address}`, body: lines.join('\n') };
}

// ---------------------------------------------------------------------------------------------------
// Completion

/** The buyer's copy: what was sent, to whom, and until when it stands. */
export function buyerOfferMail(
  offer: SubmittedOffer & { sellerInHearth: boolean; expiresOn: string | null },
  updated: boolean,
): { subject: string; body: string } {
  const address = formatAddress(offer.listing);
  const amount = offer.answers.amountInPennies === null ? null : formatMoney(offer.answers.amountInPennies, offer.currencyCode);
  const lines = [
    offerTexts.sentTo(offer.sellerInHearth ? 'SELLER' : 'AGENT', amount, address, updated),
    ...(offer.expiresOn ? [offerTexts.standsUntil(longDate(offer.expiresOn))] : []),
    '',
    offerTexts.whatNext,
  ];
  return { subject: `${updated ? 'Your offer was updated' : 'Your offer was sent'}: ${address}`, body: lines.join('\n') };
}

/** The offer of buyer case `caseId` becomes Submitted (or is updated) from the completed answers. */
export async function submitOffer(tx: Queryable, caseId: number, definition: QuestionnaireDefinition, context: Context): Promise<void> {
  const refusal = offerRefusal(context);
  if (refusal) throw badInput(refusal.message, 'data');
  const answers = offerAnswersOf(definition, context);
  const { rows } = await tx.query<
    PublicAddressRow & {
      id: number;
      offer_status: string;
      currency_code: string;
      seller_email: string | null;
      seller_user_id: number | null;
      buyer_email: string;
      first_name: string;
      last_name: string;
    }
  >(
    `SELECT o.id, o.offer_status, o.currency_code, ${PUBLIC_ADDRESS_COLUMNS}, s.email AS seller_email, l.seller_user_id, b.email AS buyer_email,
        b.first_name, b.last_name
      FROM offers o JOIN listings l ON l.id = o.listing_id JOIN users b ON b.id = o.buyer_user_id
      LEFT JOIN users s ON s.id = l.seller_user_id
     WHERE o.case_id = $1 FOR UPDATE OF o`,
    [caseId],
  );
  const offer = rows[0];
  if (!offer) return;
  const updated = offer.offer_status === 'Submitted';
  await tx.query(
    `UPDATE offers SET offer_status = 'Submitted', submitted_at = coalesce(submitted_at, now()), amount_in_pennies = $2,
        cash = $3, prequalified = $4, closing_date = $5::date, contingencies = $6, updated_at = now()
      WHERE id = $1`,
    [offer.id, answers.amountInPennies, answers.cash, answers.prequalified, answers.closingDate, answers.contingencies],
  );
  const submitted: SubmittedOffer = {
    listing: publicAddress(offer),
    currencyCode: offer.currency_code,
    buyerName: `${offer.first_name} ${offer.last_name}`.trim() || 'A buyer',
    answers,
  };
  const sellerInHearth = offer.seller_user_id !== null;
  await queueMail(tx, {
    to: offer.buyer_email,
    ...buyerOfferMail({ ...submitted, sellerInHearth, expiresOn: isoDateOf(context.offer_expiration_date) }, updated),
  });
  // Listings without a seller of ours (feed listings) mail no seller; a company agent sees the offer in their offers.
  if (!offer.seller_email) return;
  await queueMail(tx, { to: offer.seller_email, ...sellerOfferMail(submitted, updated) });
}
