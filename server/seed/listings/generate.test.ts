import { describe, expect, it } from 'vitest';
import { listingFacts, monthIndex, RegionAccumulator } from '../../listings/metrics/monthly';
import { propertySchema } from '../../listings/reso/record';
import { generateListingRecords, HISTORY_MONTHS, type ResoRecord } from './generate';

const NOW = new Date('2026-11-21T00:00:00Z');
const all = (listings: number, seed?: number, now = NOW): ResoRecord[] =>
  [...generateListingRecords({ listings, seed, now })].flat();

/** The monthly market figures of the homes for sale among `records` that `where` keeps (as the refresh computes them). */
function monthsOf(records: ResoRecord[], where: (r: ResoRecord) => boolean) {
  const region = new RegionAccumulator();
  for (const r of records.filter((r) => r.PropertyType === 'Residential' && where(r))) {
    const history = r.HRT_History as { Event: string; StandardStatus: string; Price: number; Timestamp: string }[];
    const facts = listingFacts({
      areaSqFt: (r.LivingArea as number | undefined) ?? null,
      events: history.map((e) => ({ event: e.Event, status: e.StandardStatus, priceInPennies: e.Price * 100, previousPriceInPennies: null, changedAt: new Date(e.Timestamp) })),
    });
    if (facts) region.add(facts);
  }
  // The months that are over, as the refresh writes them.
  return region.months(monthIndex(NOW) - 1);
}

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
    const lastYear = NOW.getTime() - 365 * 86_400_000;
    const records = all(8_000).filter(
      (r) => r.StandardStatus === 'Closed' && r.PropertySubType === 'Single Family Residence' && r.PropertyType === 'Residential' && Date.parse(r.CloseDate as string) > lastYear,
    );
    const median = (city: string) => {
      const prices = records.filter((r) => r.City === city).map((r) => r.ClosePrice as number).sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)]!;
    };
    expect(median('Park City')).toBeGreaterThan(2 * median('Ogden'));
    expect(median('Salt Lake City')).toBeGreaterThan(300_000);
    expect(median('Salt Lake City')).toBeLessThan(900_000);
    expect(median('Kathmandu')).toBeGreaterThan(10_000_000);
  });

  it('writes each home for sale’s history as it happened, cut at today', () => {
    const records = all(8_000).filter((r) => r.PropertyType === 'Residential');
    const closed = records.filter((r) => r.StandardStatus === 'Closed');
    const oldest = Math.min(...records.map((r) => Date.parse((r.HRT_History as { Timestamp: string }[])[0]!.Timestamp)));
    expect(NOW.getTime() - oldest).toBeGreaterThan((HISTORY_MONTHS - 1) * 30 * 86_400_000);
    for (const r of records) {
      const history = r.HRT_History as { Event: string; StandardStatus: string; Price: number; Timestamp: string }[];
      expect(history[0]!.Event).toBe('listed');
      expect(history.at(-1)!.StandardStatus).toBe(r.StandardStatus);
      for (const e of history) expect(Date.parse(e.Timestamp)).toBeLessThanOrEqual(NOW.getTime());
      expect(history.map((e) => e.Timestamp)).toEqual([...history.map((e) => e.Timestamp)].sort());
    }
    for (const r of closed) {
      const history = r.HRT_History as { StandardStatus: string; Price: number }[];
      expect(history.at(-1)).toMatchObject({ StandardStatus: 'Closed', Price: r.ClosePrice });
      // An accepted offer first, and a sold price near the last list price.
      expect(history.some((e) => e.StandardStatus === 'Pending')).toBe(true);
      const ratio = (r.ClosePrice as number) / history.at(-2)!.Price;
      expect(ratio).toBeGreaterThanOrEqual(0.87);
      expect(ratio).toBeLessThanOrEqual(1.06);
    }
    // Today's homes for sale are the lives that go past today: a few percent of the rows, with every status.
    const onMarket = records.filter((r) => ['Active', 'Active Under Contract', 'Coming Soon', 'Pending'].includes(r.StandardStatus as string));
    expect(onMarket.length / records.length).toBeGreaterThan(0.02);
    expect(onMarket.length / records.length).toBeLessThan(0.1);
    expect(new Set(onMarket.map((r) => r.StandardStatus))).toEqual(new Set(['Active', 'Active Under Contract', 'Coming Soon', 'Pending']));
    expect(new Set(records.map((r) => r.StandardStatus))).toContain('Expired');
  });

  it('makes a market that behaves like one: steady inventory, seasons, believable days on market and price cuts', () => {
    const months = monthsOf(all(12_000), (r) => r.StateOrProvince === 'UT').slice(-36);
    const inventory = months.map((m) => m.figures.ACTIVE_INVENTORY);
    const mean = inventory.reduce((a, b) => a! + b!, 0)! / inventory.length;
    for (const count of inventory) {
      expect(count).toBeGreaterThan(0.65 * mean);
      expect(count).toBeLessThan(1.35 * mean);
    }
    // More homes listed in April–June than in November–January.
    const listedIn = (calendarMonths: number[]) => {
      const chosen = months.filter((m) => calendarMonths.includes(m.month % 12));
      return chosen.reduce((sum, m) => sum + m.figures.NEW_LISTINGS!, 0) / chosen.length;
    };
    expect(listedIn([3, 4, 5])).toBeGreaterThan(1.3 * listedIn([10, 11, 0]));
    for (const { figures } of months) {
      expect(figures.MEDIAN_DAYS_ON_MARKET).toBeGreaterThanOrEqual(10);
      expect(figures.MEDIAN_DAYS_ON_MARKET).toBeLessThanOrEqual(60);
      expect(figures.SALE_TO_LIST_RATIO).toBeGreaterThanOrEqual(95);
      expect(figures.SALE_TO_LIST_RATIO).toBeLessThanOrEqual(102);
      expect(figures.PRICE_DROPS! / figures.ACTIVE_INVENTORY!).toBeGreaterThan(0.05);
      expect(figures.PRICE_DROPS! / figures.ACTIVE_INVENTORY!).toBeLessThan(0.45);
    }
  });

  it('has neighbourhoods that rise and fall against the region', () => {
    const records = all(12_000);
    const year = 365 * 86_400_000;
    // Median sold price per sq ft of a neighbourhood's homes in the last year of the window, against two years before.
    const change = (hood: string) => {
      const perSqFt = (from: number, to: number) => {
        const values = records
          .filter((r) => r.SubdivisionName === hood && r.StandardStatus === 'Closed' && r.LivingArea)
          .filter((r) => Date.parse(r.CloseDate as string) >= from && Date.parse(r.CloseDate as string) < to)
          .map((r) => (r.ClosePrice as number) / (r.LivingArea as number))
          .sort((a, b) => a - b);
        return values[values.length >> 1]!;
      };
      return perSqFt(NOW.getTime() - year, NOW.getTime()) / perSqFt(NOW.getTime() - 3 * year, NOW.getTime() - 2 * year);
    };
    expect(change('Rose Park')).toBeGreaterThan(1.1);
    expect(change('Daybreak')).toBeLessThan(1);
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
