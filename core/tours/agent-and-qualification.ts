/**
 * The rules of the buyer's agent and qualification answers (spec §3 Agent and qualification, §5
 * Prequalification amount), applied alike by the request-tour dialog (request-tour-state.ts) and the
 * server (server/tours/tours.ts): what the dialog lets through, the server takes.
 */

/** The buyer's agent and qualification answers (spec §3), as the dialog keeps them and the server stores them. */
export interface AgentAndQualification {
  agent: boolean;
  agentName: string;
  agentPhone: string;
  qualified: boolean;
  qualifiedLenderName: string;
  qualifiedAmount: string;
}

/**
 * Spec §5: thousands separators and no other format checks. '450000' → '450,000'; '1234567.5' →
 * '1,234,567.5'; '$ 450,000' → '450,000'; '' → ''. A trailing '.' is kept, so typing decimals is not
 * interrupted. Null when the text is not an amount (up to 13 digits and 2 decimals).
 */
export function formatQualifiedAmount(text: string): string | null {
  const plain = text.replace(/[\s,$]/g, '');
  if (plain === '') return '';
  const match = /^(\d{1,13})(\.\d{0,2})?$/.exec(plain);
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${match[2] ?? ''}`;
}

/** The amount as it is sent and kept (spec §3: money without currency sign): formatted, without a trailing '.'. */
export function qualifiedAmountOf(text: string): string | null {
  return formatQualifiedAmount(text)?.replace(/\.$/, '') ?? null;
}
