import { describe, expect, it } from 'vitest';
import { leadsCsv } from './leads-csv';
import type { Lead } from './leads';

const lead = (phone: string): Lead => ({
  id: '00000000-0000-4000-8000-000000000001',
  listingId: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone,
  comment: 'A tour, please.',
  pageOrigin: null,
  stay: null,
  source: 'contact',
  createdAt: '2026-11-26T12:00:00.000Z',
});

const phoneCells = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[6]);

describe('the leads CSV shows phones as the inbox does (issue 35)', () => {
  it("national for the partner's country, international for another, formula-safe", () => {
    const csv = leadsCsv([lead('+18013634127'), lead('+442079460958'), lead('8013634127'), lead('555 01')], 'US');
    // A number stored before E.164 ('8013634127') is shown as it would be now; one that does not read, as stored.
    expect(phoneCells(csv)).toEqual(['(801) 363-4127', "'+44 20 7946 0958", '(801) 363-4127', '555 01']);
  });

  it("follows the partner's country", () => {
    expect(phoneCells(leadsCsv([lead('+442079460958'), lead('+18013634127')], 'GB'))).toEqual(['020 7946 0958', "'+1 801 363 4127"]);
  });
});
