import { describe, expect, it } from 'vitest';
import { CASE_SLOTS_MAX } from './limits';
import { SLOTS } from './slots';

describe('document slots as data (spec §3 Case component)', () => {
  it('every application type has its slots, within the size myDocuments is priced at', () => {
    expect(Object.keys(SLOTS).sort()).toEqual(['mortgage-prequalification', 'mortgage-refinance', 'seller-rent', 'seller-sale', 'wfrmls-buyer']);
    for (const [type, slots] of Object.entries(SLOTS)) {
      expect(slots.length, type).toBeLessThanOrEqual(CASE_SLOTS_MAX);
      expect(new Set(slots.map((s) => s.key)).size, type).toBe(slots.length);
      expect(slots.some((s) => s.required && s.componentType === 'UPLOAD_DOCUMENT'), type).toBe(true);
      for (const slot of slots) expect(slot.key).toMatch(/^[a-z0-9][a-z0-9-]{0,62}$/);
    }
  });
});
