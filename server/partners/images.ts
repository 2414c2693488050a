/**
 * A partner's logo and agent picture (uploadPartnerImage): read as every uploaded image is
 * (server/uploads/image.ts: JPEG, PNG, WebP or GIF by its bytes, at most 5 MB and 40 megapixels, nothing of the
 * upload but its pixels; decoded by a job of the work tier, server/uploads/jobs.ts), encoded as WebP (a logo within 600×240, a picture cropped to 400×400), stored under
 * `partners/<id>/` and served from GET /media/partners/…; the new path goes into the partner's settings with an
 * audit row.
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../accounts/users';
import type { Database } from '../db';
import type { Route } from '../http/router';
import { storedImageRoute } from '../http/stored-image';
import { uploadStorage } from '../storage';
import { userOwner } from '../jobs/queue';
import { imageRefusals, PICTURE_RULES, type ImageRules } from '../uploads/image';
import { storeUploadedImage, type UploadRequest } from '../uploads/jobs';
import { commitStored } from '../uploads/store';
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

export async function uploadPartnerImage(
  db: Database,
  user: UserRecord,
  partnerId: number,
  kind: PartnerImageKind,
  bytes: Uint8Array,
  request: Pick<UploadRequest, 'signal'> = {},
): Promise<PartnerSettings> {
  await requirePartnerAdmin(db, user, partnerId);
  const storage = uploadStorage();
  const { files } = await storeUploadedImage(db, bytes, RULES[kind], {
    recipe: kind === 'LOGO' ? 'partner-logo' : 'agent-picture',
    baseKey: `partners/${partnerId}/${kind === 'LOGO' ? 'logo' : 'agent'}-${randomBytes(12).toString('hex')}`,
    owner: userOwner(user.id),
    partnerId,
    signal: request.signal,
    storage,
  });
  const path = `/media/${files[0]!.key}`;
  // The image it replaces is removed by the start's sweep of files no row names (storage/orphans.ts).
  return commitStored(storage, files, () =>
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
