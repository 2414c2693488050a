/**
 * A partner's logo and agent picture (uploadPartnerImage): read as every uploaded image is
 * (server/uploads/image.ts: JPEG, PNG, WebP or GIF by its bytes, at most 5 MB and 40 megapixels, nothing of the
 * upload but its pixels), encoded as WebP (a logo within 600×240, a picture cropped to 400×400), stored under
 * `partners/<id>/` and served from GET /media/partners/…; the new path goes into the partner's settings with an
 * audit row.
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../accounts/users';
import type { Database } from '../db';
import type { Route } from '../http/router';
import { storedImageRoute } from '../http/stored-image';
import { uploadStorage } from '../storage';
import { imageRefusals, PICTURE_RULES, readUploadedImage, type ImageRules } from '../uploads/image';
import { storeThenCommit } from '../uploads/store';
import { requirePartnerAdmin } from './admin';
import { changePartnerSettings, type PartnerSettings } from './settings';

export type PartnerImageKind = 'LOGO' | 'AGENT_PICTURE';

const STORED_NAME = /^[1-9][0-9]{0,15}\/(logo|agent)-[0-9a-f]{24}\.webp$/;

const refusals = imageRefusals('image', PICTURE_RULES);
const RULES: Record<PartnerImageKind, ImageRules> = {
  LOGO: { ...PICTURE_RULES, within: { width: 600, height: 240 }, refusals },
  // Decoded larger than stored: the crop picks the most interesting square.
  AGENT_PICTURE: { ...PICTURE_RULES, within: { width: 1200, height: 1200 }, refusals },
};

async function encode(kind: PartnerImageKind, bytes: Uint8Array): Promise<Buffer> {
  const image = await readUploadedImage(bytes, RULES[kind]);
  const pixels = kind === 'LOGO' ? image.pixels() : image.pixels().resize({ width: 400, height: 400, fit: 'cover', position: 'attention' });
  return pixels.webp({ quality: 85 }).toBuffer();
}

export async function uploadPartnerImage(
  db: Database,
  user: UserRecord,
  partnerId: number,
  kind: PartnerImageKind,
  bytes: Uint8Array,
): Promise<PartnerSettings> {
  await requirePartnerAdmin(db, user, partnerId);
  const data = await encode(kind, bytes);
  const key = `partners/${partnerId}/${kind === 'LOGO' ? 'logo' : 'agent'}-${randomBytes(12).toString('hex')}.webp`;
  const path = `/media/${key}`;
  // The image it replaces is removed by the start's sweep of files no row names (storage/orphans.ts).
  return storeThenCommit(uploadStorage(), [{ key, data, contentType: 'image/webp' }], () =>
    changePartnerSettings(db, partnerId, { kind: 'user', user }, kind === 'LOGO' ? 'logo.uploaded' : 'agentPicture.uploaded', (current) =>
      kind === 'LOGO' ? { ...current, logoUrl: path } : { ...current, agentPictureUrl: path },
    ),
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
