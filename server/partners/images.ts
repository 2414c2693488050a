/**
 * A partner's logo and agent picture (uploadPartnerImage): the type read from the file's bytes (JPEG, PNG,
 * WebP or GIF, at most 5 MB), decoded and re-encoded by sharp (a logo within 600×240, a picture cropped to
 * 400×400; nothing of the upload but its pixels is kept), stored under `partners/<id>/` and served from
 * GET /media/partners/…; the new path goes into the partner's settings with an audit row.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES, sniffImageType } from '../accounts/photos';
import type { UserRecord } from '../accounts/users';
import type { Database } from '../db';
import { badFields } from '../domain-error';
import type { Route } from '../http/router';
import { storedImageRoute } from '../http/stored-image';
import { uploadStorage } from '../storage';
import { requirePartnerAdmin } from './admin';
import { changePartnerSettings, type PartnerSettings } from './settings';

export type PartnerImageKind = 'LOGO' | 'AGENT_PICTURE';

const MAX_INPUT_PIXELS = 40_000_000;
const STORED_NAME = /^[1-9][0-9]{0,15}\/(logo|agent)-[0-9a-f]{24}\.webp$/;

async function encode(kind: PartnerImageKind, bytes: Uint8Array): Promise<Buffer> {
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const resized =
    kind === 'LOGO'
      ? input.resize({ width: 600, height: 240, fit: 'inside', withoutEnlargement: true })
      : input.resize({ width: 400, height: 400, fit: 'cover', position: 'attention' });
  return resized.webp({ quality: 85 }).toBuffer();
}

export async function uploadPartnerImage(
  db: Database,
  user: UserRecord,
  partnerId: number,
  kind: PartnerImageKind,
  bytes: Uint8Array,
): Promise<PartnerSettings> {
  await requirePartnerAdmin(db, user, partnerId);
  if (bytes.length === 0) throw badFields({ file: 'The file is empty.' });
  if (bytes.length > PHOTO_MAX_BYTES) throw badFields({ file: 'The image must be 5 MB or smaller.' });
  if (!sniffImageType(bytes)) throw badFields({ file: 'The image must be a JPEG, PNG, WebP or GIF.' });
  let data: Buffer;
  try {
    data = await encode(kind, bytes);
  } catch {
    throw badFields({ file: 'The image could not be read.' });
  }
  const key = `partners/${partnerId}/${kind === 'LOGO' ? 'logo' : 'agent'}-${randomBytes(12).toString('hex')}.webp`;
  await uploadStorage().put(key, data, 'image/webp');
  const path = `/media/${key}`;
  return changePartnerSettings(db, partnerId, { kind: 'user', user }, kind === 'LOGO' ? 'logo.uploaded' : 'agentPicture.uploaded', (current) =>
    kind === 'LOGO' ? { ...current, logoUrl: path } : { ...current, agentPictureUrl: path },
  );
}

export const partnerImageRoutes: Record<string, Route> = {
  '/media/partners/*': storedImageRoute({
    folder: 'partners',
    name: STORED_NAME,
    contentType: () => 'image/webp',
    // Names are random and never reused.
    cache: 'public, max-age=31536000, immutable',
  }),
};
