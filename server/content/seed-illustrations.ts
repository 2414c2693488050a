/**
 * The seed posts' pictures: simple flat illustrations drawn as SVG here (nothing downloaded), rendered to
 * WebP sizes by images.ts. 1600 × 900, no text (the alt text says what they show).
 */

export type Motif = 'house' | 'keys' | 'chart' | 'coins' | 'document' | 'suitcase' | 'apartment' | 'calendar' | 'scales' | 'sign';

export interface Palette {
  sky: string;
  ground: string;
  accent: string;
  light: string;
  dark: string;
}

export const PALETTES = {
  teal: { sky: '#dff3f1', ground: '#9fd3c7', accent: '#1f7a6d', light: '#ffffff', dark: '#12403a' },
  sand: { sky: '#fbf0dc', ground: '#e8c99b', accent: '#b4622d', light: '#fffaf2', dark: '#4a2b14' },
  blue: { sky: '#e3ecfb', ground: '#a9c1ea', accent: '#2d5fb4', light: '#ffffff', dark: '#16305c' },
  rose: { sky: '#fbe7ea', ground: '#eeb5bf', accent: '#b23a52', light: '#fffafb', dark: '#54111f' },
  olive: { sky: '#eef2df', ground: '#c5d09a', accent: '#5e6f1f', light: '#fdfff5', dark: '#2b3309' },
} satisfies Record<string, Palette>;

const house = (p: Palette, x: number, y: number, s: number) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <rect x="-160" y="-40" width="320" height="240" fill="${p.light}" stroke="${p.dark}" stroke-width="10"/>
    <polygon points="-200,-30 0,-200 200,-30" fill="${p.accent}" stroke="${p.dark}" stroke-width="10" stroke-linejoin="round"/>
    <rect x="-40" y="80" width="80" height="120" fill="${p.accent}" stroke="${p.dark}" stroke-width="8"/>
    <rect x="-130" y="10" width="70" height="60" fill="${p.sky}" stroke="${p.dark}" stroke-width="8"/>
    <rect x="60" y="10" width="70" height="60" fill="${p.sky}" stroke="${p.dark}" stroke-width="8"/>
    <rect x="90" y="-170" width="40" height="80" fill="${p.dark}"/>
  </g>`;

const MOTIFS: Record<Motif, (p: Palette) => string> = {
  house: (p) => house(p, 800, 520, 1.3),
  keys: (p) => `${house(p, 520, 560, 0.9)}
    <g transform="translate(1080 430) rotate(-25)">
      <circle cx="0" cy="0" r="90" fill="none" stroke="${p.accent}" stroke-width="34"/>
      <rect x="80" y="-17" width="300" height="34" rx="8" fill="${p.accent}"/>
      <rect x="300" y="17" width="30" height="60" fill="${p.accent}"/><rect x="350" y="17" width="30" height="80" fill="${p.accent}"/>
    </g>`,
  chart: (p) => `
    <rect x="300" y="200" width="1000" height="560" rx="24" fill="${p.light}" stroke="${p.dark}" stroke-width="10"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${380 + i * 150}" y="${640 - [120, 190, 160, 260, 300, 380][i]!}" width="90" height="${[120, 190, 160, 260, 300, 380][i]}" fill="${i === 5 ? p.accent : p.ground}"/>`).join('')}
    <polyline points="425,480 575,420 725,450 875,340 1025,300 1175,220" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>
    <line x1="360" y1="640" x2="1240" y2="640" stroke="${p.dark}" stroke-width="8"/>`,
  coins: (p) => `${house(p, 560, 540, 0.85)}
    ${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="1120" cy="${700 - i * 60}" rx="150" ry="45" fill="${p.accent}" stroke="${p.dark}" stroke-width="8"/>`).join('')}
    <ellipse cx="1120" cy="460" rx="150" ry="45" fill="${p.ground}" stroke="${p.dark}" stroke-width="8"/>`,
  document: (p) => `
    <g transform="translate(800 470) rotate(-4)">
      <rect x="-260" y="-330" width="520" height="660" rx="20" fill="${p.light}" stroke="${p.dark}" stroke-width="10"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="-200" y="${-250 + i * 70}" width="${i % 2 ? 300 : 400}" height="24" rx="12" fill="${p.ground}"/>`).join('')}
      <path d="M -180 220 q 60 -70 120 0 t 120 0" fill="none" stroke="${p.accent}" stroke-width="14" stroke-linecap="round"/>
    </g>
    <g transform="translate(1180 640) rotate(35)"><rect x="-20" y="-200" width="40" height="260" fill="${p.accent}"/><polygon points="-20,60 20,60 0,110" fill="${p.dark}"/></g>`,
  suitcase: (p) => `
    <rect x="520" y="330" width="560" height="400" rx="40" fill="${p.accent}" stroke="${p.dark}" stroke-width="10"/>
    <rect x="700" y="250" width="200" height="90" rx="30" fill="none" stroke="${p.dark}" stroke-width="24"/>
    <rect x="640" y="330" width="40" height="400" fill="${p.ground}"/><rect x="920" y="330" width="40" height="400" fill="${p.ground}"/>
    <circle cx="600" cy="760" r="26" fill="${p.dark}"/><circle cx="1000" cy="760" r="26" fill="${p.dark}"/>
    <circle cx="1260" cy="240" r="80" fill="${p.light}" stroke="${p.accent}" stroke-width="10"/>`,
  apartment: (p) => `
    <rect x="560" y="160" width="480" height="640" fill="${p.light}" stroke="${p.dark}" stroke-width="10"/>
    ${[0, 1, 2, 3, 4].flatMap((row) => [0, 1, 2].map((col) => `<rect x="${610 + col * 140}" y="${210 + row * 105}" width="90" height="70" fill="${(row + col) % 3 === 0 ? p.accent : p.sky}" stroke="${p.dark}" stroke-width="6"/>`)).join('')}
    <rect x="760" y="720" width="80" height="80" fill="${p.accent}" stroke="${p.dark}" stroke-width="6"/>
    ${house(p, 1280, 640, 0.55)}`,
  calendar: (p) => `
    <rect x="480" y="200" width="640" height="560" rx="30" fill="${p.light}" stroke="${p.dark}" stroke-width="10"/>
    <rect x="480" y="200" width="640" height="120" rx="30" fill="${p.accent}"/>
    ${[0, 1, 2, 3].flatMap((row) => [0, 1, 2, 3, 4, 5].map((col) => `<rect x="${530 + col * 95}" y="${360 + row * 95}" width="70" height="70" rx="10" fill="${row === 1 && col >= 2 && col <= 4 ? p.accent : p.ground}"/>`)).join('')}
    <rect x="560" y="160" width="24" height="90" rx="12" fill="${p.dark}"/><rect x="1016" y="160" width="24" height="90" rx="12" fill="${p.dark}"/>`,
  scales: (p) => `
    <rect x="780" y="240" width="40" height="480" fill="${p.dark}"/>
    <rect x="640" y="700" width="320" height="50" rx="20" fill="${p.dark}"/>
    <g transform="rotate(-6 800 260)">
      <rect x="420" y="245" width="760" height="30" rx="15" fill="${p.accent}"/>
      <line x1="480" y1="260" x2="430" y2="460" stroke="${p.dark}" stroke-width="6"/><line x1="480" y1="260" x2="530" y2="460" stroke="${p.dark}" stroke-width="6"/>
      <line x1="1120" y1="260" x2="1070" y2="460" stroke="${p.dark}" stroke-width="6"/><line x1="1120" y1="260" x2="1170" y2="460" stroke="${p.dark}" stroke-width="6"/>
      <path d="M 400 460 h 160 a 80 40 0 0 1 -160 0 z" fill="${p.ground}" stroke="${p.dark}" stroke-width="6"/>
      <path d="M 1040 460 h 160 a 80 40 0 0 1 -160 0 z" fill="${p.ground}" stroke="${p.dark}" stroke-width="6"/>
    </g>
    ${house(p, 480, 400, 0.3)}
    <g transform="translate(1120 380) scale(0.8)"><rect x="-60" y="-60" width="120" height="120" fill="${p.light}" stroke="${p.dark}" stroke-width="8"/></g>`,
  sign: (p) => `${house(p, 560, 540, 0.95)}
    <rect x="1140" y="300" width="24" height="500" fill="${p.dark}"/>
    <rect x="1140" y="320" width="260" height="24" fill="${p.dark}"/>
    <rect x="1180" y="360" width="220" height="150" rx="10" fill="${p.accent}" stroke="${p.dark}" stroke-width="8"/>
    <rect x="1210" y="405" width="160" height="20" rx="10" fill="${p.light}"/><rect x="1210" y="445" width="110" height="20" rx="10" fill="${p.light}"/>`,
};

/** The SVG of one illustration. */
export function illustrationSvg(motif: Motif, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <rect width="1600" height="900" fill="${palette.sky}"/>
  <circle cx="1380" cy="160" r="70" fill="${palette.light}" opacity="0.9"/>
  <rect y="760" width="1600" height="140" fill="${palette.ground}"/>
  ${MOTIFS[motif](palette)}
</svg>`;
}
