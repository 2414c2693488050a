import { describe, expect, it } from 'vitest';
import { propertySchema } from '../../listings/reso/record';
import { generateListingRecords, type ResoRecord } from './generate';

const NOW = new Date('2026-11-21T00:00:00Z');
const all = (listings: number, seed?: number, now = NOW): ResoRecord[] =>
  [...generateListingRecords({ listings, seed, now })].flat();

describe('seed listing generator', () => {
  it('is deterministic: the same seed and day give the same records', () => {
    expect(JSON.stringify(all(300))).toBe(JSON.stringify(all(300)));
    expect(JSON.stringify(all(300, 7))).not.toBe(JSON.stringify(all(300)));
  });

  it('keeps record i the same whatever the total (a bigger run extends a smaller one)', () => {
    const small = all(200);
    const big = all(1_000);
    expect(big.slice(0, 200)).toEqual(small);
    expect(new Set(big.map((r) => r.ListingKey)).size).toBe(1_000);
  });

  it('writes valid RESO records', () => {
    for (const r of all(1_000)) {
      const parsed = propertySchema.safeParse(r);
      expect(parsed.success, `${String(r.ListingKey)}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('puts most listings on the Wasatch Front in USD and the rest in the Kathmandu valley in NPR', () => {
    const records = all(2_000);
    const us = records.filter((r) => r.Country === 'US');
    const np = records.filter((r) => r.Country === 'NP');
    expect(us.length + np.length).toBe(2_000);
    expect(us.length / 2_000).toBeGreaterThan(0.8);
    expect(np.length / 2_000).toBeGreaterThan(0.1);
    expect(new Set(us.map((r) => r.CurrencyCode))).toEqual(new Set(['USD']));
    expect(new Set(np.map((r) => r.CurrencyCode))).toEqual(new Set(['NPR']));
    expect(new Set(us.map((r) => r.StateOrProvince))).toEqual(new Set(['UT']));
    expect(new Set(np.map((r) => r.City))).toEqual(new Set(['Kathmandu', 'Lalitpur', 'Bhaktapur']));
    for (const r of us) expect(String(r.PostalCode)).toMatch(/^84\d{3}$/);
    for (const r of np) expect(String(r.PostalCode)).toMatch(/^44[678]00$/);
  });

  it('measures Nepal land in ropani or aana and Utah homes in square feet', () => {
    const records = all(3_000);
    const nepalLand = records.filter((r) => r.Country === 'NP' && r.PropertyType === 'Land');
    expect(nepalLand.length).toBeGreaterThan(20);
    for (const r of nepalLand) expect(['Ropani', 'Aana']).toContain(r.LotSizeUnits);
    expect(new Set(nepalLand.map((r) => r.LotSizeUnits))).toEqual(new Set(['Ropani', 'Aana']));
    for (const r of records.filter((r) => r.LivingArea !== undefined)) expect(r.LivingAreaUnits).toBe('Square Feet');
  });

  it('prices by market: Park City above Ogden, Kathmandu in crores of rupees', () => {
    const records = all(8_000).filter((r) => r.StandardStatus === 'Active' && r.PropertySubType === 'Single Family Residence' && r.PropertyType === 'Residential');
    const median = (city: string) => {
      const prices = records.filter((r) => r.City === city).map((r) => r.ListPrice as number).sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)]!;
    };
    expect(median('Park City')).toBeGreaterThan(2 * median('Ogden'));
    expect(median('Salt Lake City')).toBeGreaterThan(300_000);
    expect(median('Salt Lake City')).toBeLessThan(900_000);
    expect(median('Kathmandu')).toBeGreaterThan(10_000_000);
  });

  it('gives about 5,000 of 8,000 listings a current status and the rest three years of closed history', () => {
    const records = all(8_000);
    const current = records.filter((r) => ['Active', 'Active Under Contract', 'Pending', 'Coming Soon'].includes(r.StandardStatus as string));
    expect(current.length).toBeGreaterThan(4_700);
    expect(current.length).toBeLessThan(5_300);
    const closed = records.filter((r) => r.StandardStatus === 'Closed');
    const oldest = Math.min(...closed.map((r) => Date.parse(r.CloseDate as string)));
    expect(NOW.getTime() - oldest).toBeGreaterThan(2.5 * 365 * 86_400_000);
    for (const r of closed) {
      const history = r.HRT_History as { Event: string; StandardStatus: string; Price: number; Timestamp: string }[];
      expect(history[0]!.Event).toBe('listed');
      expect(history.at(-1)).toMatchObject({ StandardStatus: 'Closed', Price: r.ClosePrice });
      expect(Date.parse(history.at(-1)!.Timestamp)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('adds rentals, stays with a 90-day calendar, and open houses both past and upcoming', () => {
    const records = all(4_000);
    expect(records.filter((r) => r.PropertyType === 'Residential Lease' && !r.HRT_Classification).length).toBeGreaterThan(200);
    const stays = records.filter((r) => r.HRT_Classification === 'stay');
    expect(stays.length).toBeGreaterThan(30);
    for (const s of stays) expect((s.HRT_Availability as unknown[]).length).toBe(90);
    const openHouses = records.flatMap((r) => (r.OpenHouse as { OpenHouseStartTime: string }[] | undefined) ?? []);
    expect(openHouses.some((o) => Date.parse(o.OpenHouseStartTime) < NOW.getTime())).toBe(true);
    expect(openHouses.some((o) => Date.parse(o.OpenHouseStartTime) > NOW.getTime())).toBe(true);
    const nepalRentals = records.filter((r) => r.Country === 'NP' && r.PropertyType === 'Residential Lease' && !r.HRT_Classification);
    expect(nepalRentals.every((r) => typeof r.HRT_TenantType === 'string' && typeof r.HRT_RoomType === 'string')).toBe(true);
  });

  it('links every photo to the offline photo route', () => {
    for (const r of all(200)) {
      for (const m of r.Media as { MediaURL: string }[]) expect(m.MediaURL).toMatch(/^\/media\/listing\/SEED-\d{7}\/\d+\.svg$/);
    }
  });
});
