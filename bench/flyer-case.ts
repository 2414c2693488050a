/**
 * Marketing materials for the benches that fetch them (bench/heavy-work.ts, bench/abuse.ts): three photos on a
 * seller case, and the mutation that makes a flyer of them.
 */
import sharp from 'sharp';
import type { RunningServer } from '../server/app';
import type { SignedUp } from '../server/accounts/testing';

/** Makes a letter flyer of a case; its signed PNG and PDF links. */
export const CREATE_FLYER = `mutation ($c: ID!) { createMarketingMaterial(applicationCaseId: $c, templateId: "flyer-letter") { pngUrl pdfUrl } }`;

/** Three large photo-like JPEGs on the case, as its seller would upload them. */
export async function addCasePhotos(server: RunningServer, owner: SignedUp, caseId: number): Promise<void> {
  const { findUserById } = await import('../server/accounts/users');
  const { uploadListingPhoto } = await import('../server/listing-photos/photos');
  const user = (await findUserById(server.db, owner.user.id))!;
  for (let i = 0; i < 3; i++) {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + 40 * i, sigma: 50 } } })
      .jpeg({ quality: 85 })
      .toBuffer();
    await uploadListingPhoto(server.db, { user, credentialId: 0, via: 'token', token: null } as never, caseId, photo, 'p.jpg');
  }
}
