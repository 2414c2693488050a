import { describe, expect, it } from 'vitest';
import { sellerTexts } from '../i18n/sellers';
import { publishChoiceOf, publishFormOf, toLocalDateTime } from './publish-form';

const flags = { toursEnabled: true, offersEnabled: false };

describe('publish form', () => {
  it('starts from the case: published → now, scheduled → later with its date, else off', () => {
    const listing = { sellerListing: flags };
    expect(publishFormOf({ listingStatus: 'PUBLISHED', publishAt: null, ...listing }).mode).toBe('now');
    expect(publishFormOf({ listingStatus: 'DRAFT', publishAt: null, ...listing })).toEqual({ mode: 'off', localDateTime: '', ...flags });
    const at = new Date(2027, 2, 5, 9, 30).toISOString();
    expect(publishFormOf({ listingStatus: 'SCHEDULED', publishAt: at, ...listing })).toEqual({ mode: 'later', localDateTime: '2027-03-05T09:30', ...flags });
  });

  it('sends now, a date as an instant, or nothing; a later without a date is refused', () => {
    expect(publishChoiceOf({ mode: 'now', localDateTime: 'x', ...flags })).toEqual({ publishNow: true, publishAt: null, ...flags });
    expect(publishChoiceOf({ mode: 'off', localDateTime: '', ...flags })).toEqual({ publishNow: false, publishAt: null, ...flags });
    expect(publishChoiceOf({ mode: 'later', localDateTime: '2027-03-05T09:30', ...flags })).toEqual({
      publishNow: false,
      publishAt: new Date(2027, 2, 5, 9, 30).toISOString(),
      ...flags,
    });
    for (const bad of ['', '2027-03-05', 'tomorrow', '2027-03-05T09:30:00<script>']) {
      expect(publishChoiceOf({ mode: 'later', localDateTime: bad, ...flags })).toBe(sellerTexts.detail.publish.needDate);
    }
    expect(toLocalDateTime('not a date')).toBe('');
  });
});
