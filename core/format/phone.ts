/**
 * Phone display (spec §5): 10 digits as (xxx) xxx-xxxx; 11 digits as +xxx x-xxxxxxx;
 * 13 digits as +xxx xxx-xxxxxxx; any other length is shown as typed.
 */
export function formatPhone(typed: string | null | undefined): string {
  if (typed == null) return '';
  const digits = typed.replace(/\D/g, '');
  switch (digits.length) {
    case 10:
      return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    case 11:
      return `+${digits.slice(0, 3)} ${digits.slice(3, 4)}-${digits.slice(4)}`;
    case 13:
      return `+${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;
    default:
      return typed;
  }
}

/** A `tel:` href for a displayed or typed number (digits and a leading + only). */
export function phoneHref(typed: string): string {
  const digits = typed.replace(/[^\d+]/g, '');
  return `tel:${digits}`;
}
