/**
 * The Hilbert-curve key of a position (listings.spatial_key): positions near each other on the map get
 * near keys, so a table ordered by it (CLUSTER after bulk loads) keeps a viewport's listings in few pages.
 */

/** Cells per axis: 2^24 (about 2.4 m of latitude). Keys stay below 2^48, exact in a JavaScript number. */
const ORDER = 24;
const SIDE = 2 ** ORDER;

const cell = (value: number, min: number, span: number) =>
  Math.min(SIDE - 1, Math.max(0, Math.floor(((value - min) / span) * SIDE)));

export function hilbertKey(longitude: number, latitude: number): number {
  let x = cell(longitude, -180, 360);
  let y = cell(latitude, -90, 180);
  let key = 0;
  for (let s = SIDE / 2; s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    // s * s reaches 2^46: multiply, bitwise operators would wrap at 32 bits.
    key += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = SIDE - 1 - x;
        y = SIDE - 1 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return key;
}
