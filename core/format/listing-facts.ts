/** The short facts line of a listing and its open-house line, as cards and lists show them. */
import { listingTexts as t } from '../i18n/listing';
import { dateFormat } from './date';
import { formatNumber } from './number';


/** '1,850 sq ft', '4 ropani', '120 m²'; null without an area. */
export function formatArea(area: number | null | undefined, unit: string | null | undefined): string | null {
  if (area == null || !Number.isFinite(area)) return null;
  return `${formatNumber(area, 2)} ${t.areaUnits[unit ?? 'sqft'] ?? unit ?? ''}`.trim();
}

/** '3 bd · 2 ba · 1,850 sq ft' from whatever is known. */
export function factsLine(listing: { bedrooms: number | null; bathrooms: number | null; area: number | null; areaUnit: string | null }): string {
  return [
    listing.bedrooms != null ? t.beds(listing.bedrooms) : null,
    listing.bathrooms != null ? t.baths(listing.bathrooms) : null,
    formatArea(listing.area, listing.areaUnit),
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface OpenHouseTimes {
  startDateTime: string;
  endDateTime: string;
  isActive: boolean;
}

/** The next active open house that has not ended, as 'Sat, Nov 28, 1:00 PM – 3:00 PM' in the listing's zone. */
export function nextOpenHouse(openHouses: readonly OpenHouseTimes[], timeZone: string, now = new Date()): string | null {
  const next = openHouses
    .filter((o) => o.isActive && new Date(o.endDateTime) > now)
    .sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime))[0];
  return next ? openHouseTimes(next, timeZone) : null;
}

/** 'Sat, Nov 28, 1:00 PM – 3:00 PM' for one open house, in the listing's zone. */
export function openHouseTimes(openHouse: Pick<OpenHouseTimes, 'startDateTime' | 'endDateTime'>, timeZone: string): string {
  const day = dateFormat('weekday', timeZone);
  const time = dateFormat('time', timeZone);
  const start = new Date(openHouse.startDateTime);
  return `${day.format(start)}, ${time.format(start)} – ${time.format(new Date(openHouse.endDateTime))}`;
}
