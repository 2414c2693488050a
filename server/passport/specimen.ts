/**
 * A passport-like test image drawn by code (no real document anywhere in the suite): a photo page with a
 * grey photo box, a few printed fields and the two MRZ lines in a monospace font at the bottom. The default
 * lines are ICAO 9303's own specimen (Anna Maria Eriksson of Utopia), whose check digits all hold.
 */
import sharp from 'sharp';

/** ICAO 9303's specimen, exactly as printed there. */
export const ICAO_SPECIMEN_MRZ = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'] as const;

/** ICAO 9303 check digit: weights 7, 3, 1; digits as themselves, A–Z as 10–35, '<' as 0. */
export function checkDigit(field: string): string {
  let sum = 0;
  for (const [i, ch] of [...field].entries()) {
    const value = ch === '<' ? 0 : /[0-9]/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55;
    sum += value * [7, 3, 1][i % 3]!;
  }
  return String(sum % 10);
}

export interface SpecimenPassport {
  issuingState: string;
  lastName: string;
  firstNames: string;
  documentNumber: string;
  nationality: string;
  birthDate: string;
  sex: 'M' | 'F' | '<';
  expiryDate: string;
  personalNumber: string;
}

/** The two TD3 lines of a passport, every check digit computed. */
export function td3Lines(p: SpecimenPassport): [string, string] {
  const name = `${p.lastName}<<${p.firstNames.replace(/ /g, '<')}`;
  const line1 = `P<${p.issuingState}${name}`.padEnd(44, '<').slice(0, 44);
  const number = p.documentNumber.padEnd(9, '<');
  const personal = p.personalNumber.padEnd(14, '<');
  const personalCheck = /^<+$/.test(personal) ? '<' : checkDigit(personal);
  const composite = `${number}${checkDigit(number)}${p.birthDate}${checkDigit(p.birthDate)}${p.expiryDate}${checkDigit(p.expiryDate)}${personal}${personalCheck}`;
  const line2 = `${number}${checkDigit(number)}${p.nationality}${p.birthDate}${checkDigit(p.birthDate)}${p.sex}${p.expiryDate}${checkDigit(p.expiryDate)}${personal}${personalCheck}${checkDigit(composite)}`;
  return [line1, line2];
}

/**
 * The suite's default specimen: ICAO's Anna Maria Eriksson of Utopia, with no personal number (a run of
 * fillers, as on many passports: OCR of a screen font reads the specimen's 'Z' as '7' too often to test anything).
 */
export const SPECIMEN = {
  issuingState: 'UTO',
  lastName: 'ERIKSSON',
  firstNames: 'ANNA MARIA',
  documentNumber: 'L898902C3',
  nationality: 'UTO',
  birthDate: '740812',
  sex: 'F',
  expiryDate: '340415',
  personalNumber: '',
} as const satisfies SpecimenPassport;

export const SPECIMEN_MRZ = td3Lines(SPECIMEN);

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A PNG (or JPEG) of a passport photo page carrying `lines` as its machine-readable zone. */
export async function passportSpecimen(lines: readonly string[] = SPECIMEN_MRZ, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const width = 1000;
  const height = 700;
  const mrz = lines
    .map((line, i) => `<text x="30" y="${580 + i * 62}" font-family="DejaVu Sans Mono" font-size="35" xml:space="preserve">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f1ede2"/>
    <rect x="40" y="110" width="220" height="290" fill="#bdb6a4"/>
    <text x="300" y="80" font-family="DejaVu Sans" font-size="34" fill="#2b3a67">PASSPORT · UTOPIA</text>
    <text x="300" y="150" font-family="DejaVu Sans" font-size="18" fill="#555">Surname</text>
    <text x="300" y="178" font-family="DejaVu Sans" font-size="24">ERIKSSON</text>
    <text x="300" y="220" font-family="DejaVu Sans" font-size="18" fill="#555">Given names</text>
    <text x="300" y="248" font-family="DejaVu Sans" font-size="24">ANNA MARIA</text>
    <text x="300" y="290" font-family="DejaVu Sans" font-size="18" fill="#555">Date of birth</text>
    <text x="300" y="318" font-family="DejaVu Sans" font-size="24">12 AUG 1974</text>
    ${mrz}
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}
