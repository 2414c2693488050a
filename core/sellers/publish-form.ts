/**
 * The publish controls of a seller listing as a pure rule (spec §4 seller listing visibility): publish now,
 * on a date, or not at all, with the tour and offer flags. The form holds a local date-time
 * (`<input type="datetime-local">`, the viewer's own time zone); the API takes an instant.
 */
import { sellerTexts } from '../i18n/sellers';
import type { PublishChoice, SellerCase } from './sellers-api';

export type PublishMode = 'now' | 'later' | 'off';

export interface PublishForm {
  mode: PublishMode;
  /** 'YYYY-MM-DDTHH:mm' in the viewer's time zone, or ''. */
  localDateTime: string;
  toursEnabled: boolean;
  offersEnabled: boolean;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the datetime-local value of the viewer's zone. */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form as the case stands. */
export function publishFormOf(kase: Pick<SellerCase, 'listingStatus' | 'publishAt'> & { sellerListing: { toursEnabled: boolean; offersEnabled: boolean } }): PublishForm {
  return {
    mode: kase.listingStatus === 'PUBLISHED' ? 'now' : kase.listingStatus === 'SCHEDULED' ? 'later' : 'off',
    localDateTime: kase.listingStatus === 'SCHEDULED' ? toLocalDateTime(kase.publishAt) : '',
    toursEnabled: kase.sellerListing.toursEnabled,
    offersEnabled: kase.sellerListing.offersEnabled,
  };
}

/** What to send for the form; a text when the form is not complete (a date is needed). */
export function publishChoiceOf(form: PublishForm): PublishChoice | string {
  const flags = { toursEnabled: form.toursEnabled, offersEnabled: form.offersEnabled };
  if (form.mode === 'now') return { publishNow: true, publishAt: null, ...flags };
  if (form.mode === 'off') return { publishNow: false, publishAt: null, ...flags };
  const match = LOCAL_DATE_TIME.exec(form.localDateTime);
  if (!match) return sellerTexts.detail.publish.needDate;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  if (Number.isNaN(date.getTime())) return sellerTexts.detail.publish.needDate;
  return { publishNow: false, publishAt: date.toISOString(), ...flags };
}
