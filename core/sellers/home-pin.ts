/**
 * The one rule for where a seller puts their home's pin when starting a listing (issue 36): the start form's
 * map places it first (sellerAddress: the home, or the centre of its ZIP, city or state; or the point the seller
 * chose), the seller drags it onto the home, and createSeller stores it as the listing's coordinates. A pin is
 * a real point within PIN_MAX_DISTANCE_KM of where it was placed: far enough to cross any ZIP or city, near
 * enough that a slip of the finger cannot put the home in another town. The start form checks it for the
 * message; the server (createSeller's `latitude` and `longitude`) for the rule. No DOM, no zod.
 */

export interface PinPoint {
  lat: number;
  lng: number;
}

export const PIN_MAX_DISTANCE_KM = 50;

const EARTH_RADIUS_KM = 6_371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: PinPoint, b: PinPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What is wrong with the pin the seller put at `pin`, placed first at `placed`, as a sentence; null when it is fine. */
export function pinProblem(placed: PinPoint, pin: PinPoint): string | null {
  if (!(Math.abs(pin.lat) <= 90) || !(Math.abs(pin.lng) <= 180)) return 'The pin must be a point on the map: latitude within ±90 and longitude within ±180.';
  if (distanceKm(placed, pin) > PIN_MAX_DISTANCE_KM) return `The pin must stay within ${PIN_MAX_DISTANCE_KM} km of where we placed your address. Check the address, or drag the pin back.`;
  return null;
}
