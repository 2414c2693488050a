/**
 * Placeholder listing photos that exist offline: a small SVG of a house, drawn from the listing key and
 * photo number alone, so the same URL always shows the same picture (seed data, demos, tests).
 */

const WALLS = ['#c8553d', '#f2d0a4', '#8d6a9f', '#588b8b', '#e9c46a', '#b5838d', '#6d597a', '#a3b18a', '#d4a373', '#90a955'];
const ROOFS = ['#3d405b', '#6b4226', '#264653', '#5e503f', '#2b2d42', '#7f5539'];
const SKIES = ['#bde0fe', '#cde7f0', '#ffd6a5', '#e2eafc', '#caf0f8'];
const GROUNDS = ['#95d5b2', '#b7e4c7', '#d8f3dc', '#cfe1b9'];

/** FNV-1a: a stable 32-bit hash of the key. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const PHOTO_WIDTH = 480;
export const PHOTO_HEIGHT = 320;

export function renderListingPhoto(listingKey: string, n: number): string {
  const h = hash(`${listingKey}/${n}`);
  const pick = <T>(list: readonly T[], shift: number) => list[(h >>> shift) % list.length]!;
  const wall = pick(WALLS, 0);
  const roof = pick(ROOFS, 4);
  const sky = pick(SKIES, 8);
  const ground = pick(GROUNDS, 12);
  const x = 110 + ((h >>> 16) % 80);
  const w = 200 + ((h >>> 20) % 60);
  const storeys = 1 + ((h >>> 24) % 2);
  const top = 250 - storeys * 70;
  const mid = x + w / 2;
  const win = (wx: number, wy: number) => `<rect x="${wx}" y="${wy}" width="34" height="30" fill="#fefae0" stroke="#333" stroke-width="3"/>`;
  const windows = [win(x + 22, top + 22), win(x + w - 56, top + 22)];
  if (storeys === 2) windows.push(win(x + 22, top + 92), win(x + w - 56, top + 92));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">` +
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="${sky}"/>` +
    `<rect y="250" width="${PHOTO_WIDTH}" height="70" fill="${ground}"/>` +
    `<rect x="${x}" y="${top}" width="${w}" height="${250 - top}" fill="${wall}"/>` +
    `<polygon points="${x - 20},${top} ${mid},${top - 70} ${x + w + 20},${top}" fill="${roof}"/>` +
    `<rect x="${mid - 18}" y="200" width="36" height="50" fill="${roof}"/>` +
    windows.join('') +
    `<circle cx="${x + w + 60}" cy="205" r="32" fill="#2d6a4f"/><rect x="${x + w + 56}" y="230" width="8" height="22" fill="#6b4226"/>` +
    `</svg>`
  );
}
