/** Test helpers for offers: the answers that take the buyer-offer questionnaire to a submitted offer. */

/** Next year: the closing date and expiry are upcoming whenever the tests run (and within their year lists). */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The answers of questionnaire/definitions/buyer-offer.json, screen by screen. */
export const offerScreens = (
  overrides: { amount?: string; cash?: boolean; sellerConcessions?: string; confirmed?: Record<string, string> } = {},
): Record<string, string>[] => [
  {
    offer_amount: overrides.amount ?? '$450,000',
    earnest_money: '5000',
    closing_date: `03/15/${NEXT_YEAR}`,
    offer_expiration_date: `1/31/${NEXT_YEAR}`,
    seller_concessions: overrides.sellerConcessions ?? '',
    // An unusual answer is taken with its confirmation, which holds the answer confirmed.
    ...Object.fromEntries(Object.entries(overrides.confirmed ?? {}).map(([variable, answer]) => [`${variable}:confirmed`, answer])),
    inclusions: 'Fridge',
  },
  overrides.cash
    ? { cash_offer: 'Yes', fin_conventional: 'Off', fin_fha: 'Off', fin_va: 'Off', fin_usda: 'Off', home_sale_contingency: 'Off', no_home_sale_contingency: 'Yes' }
    : {
        cash_offer: 'Off',
        fin_conventional: 'Yes',
        fin_fha: 'Off',
        fin_va: 'Off',
        fin_usda: 'Off',
        down_payment: '90000',
        prequalified_buyer: 'Yes',
        not_prequalified_buyer: 'Off',
        home_sale_contingency: 'Off',
        no_home_sale_contingency: 'Yes',
      },
  { cont_inspection: 'Yes', cont_appraisal: 'Yes', cont_financing: 'Off', cont_hoa_docs: 'Off', inspection_days: '10', escalation: 'Off', no_escalation: 'Yes' },
  { first_name: 'Ada', middle_name: '', last_name: 'Lovelace', has_co_buyer: 'Off', no_co_buyer: 'Yes', vesting: 'Sole ownership' },
  { submit_offer: 'Yes' },
];
