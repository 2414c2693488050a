/**
 * A marketing material's files (PDF, PNG), rendered once per version as jobs of the work tier (issue 33,
 * server/jobs/): never on a request's thread, never twice for the same version.
 *
 * A version is a hash of everything the file shows — the texts (the user's edits over the listing's and the
 * partner's), the photos' storage keys, the agent's picture, the QR code, the colour, the template, the format and
 * RENDERER_VERSION — so a saved edit, a new price or a new logo is a new version, and nothing else is. A version is
 * rendered by one job (its key is the version: whoever asks while it runs joins it), stored through the storage
 * interface under marketing/<material>/<version>.<format>, named by a marketing_renders row, and served from there.
 * The last KEPT_VERSIONS versions of a material's format stay; older files go when a newer one is stored (and the
 * orphan sweep, server/storage/orphans.ts, takes any left behind).
 *
 * Renders are asked for when a material is created or saved, when the element asks its renderStatus, and by the
 * signed link itself (it waits for the job, MATERIAL_WAIT_MS at most). A user may have RENDER_QUEUE_LIMITS.perOwner
 * renders waiting or running; past that the request is refused with RATE_LIMITED.
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { DomainError } from '../domain-error';
import { enqueueJob, liveJobWithKey, userOwner, waitForJob, type JobRecord, type QueueLimits } from '../jobs/queue';
import { runOnThread } from '../jobs/threads';
import type { JobKind } from '../jobs/tier';
import { uploadStorage, type Storage } from '../storage';
import { marketingTexts as t } from '../../core/i18n/marketing';
import type { TextSource } from '../../core/marketing/layout';
import { materialFileName, type MaterialFill, type MaterialRecord } from './marketing';
import { readOwnImage, type RenderContent } from './render';

export type MaterialFormat = 'pdf' | 'png';
export const MATERIAL_FORMATS: readonly MaterialFormat[] = ['pdf', 'png'];
export const MARKETING_RENDER_JOB = 'marketing-render';
/** Part of every version: change it when the drawing changes, so stored files are rendered anew. */
const RENDERER_VERSION = 1;
/** Renders one user (or one partner) may have waiting or running: a few materials' two formats. */
export const RENDER_QUEUE_LIMITS: QueueLimits = { perOwner: 6, perPartner: 60 };
/** How long a signed link waits for its render before answering 503 with Retry-After. */
export const MATERIAL_WAIT_MS = 60_000;
const KEPT_VERSIONS = 3;

interface RenderPayload {
  materialId: number;
  format: MaterialFormat;
  version: string;
  templateId: string;
  title: string;
  texts: Partial<Record<TextSource, string>>;
  /** Storage keys of the photos, slot by slot. */
  photoKeys: string[];
  agentPictureUrl: string | null;
  qr: { size: number; path: string } | null;
  primaryColor: string;
  publicOrigin: string;
}

/** What rendering one format of a material's current fill needs, and its version. */
export function renderRequest(material: MaterialRecord, fill: MaterialFill, format: MaterialFormat, publicOrigin: string): RenderPayload {
  const title = `${material.templateId}: ${fill.texts.address || materialFileName(material, 'pdf')}`;
  const drawn = {
    templateId: material.templateId,
    format,
    title: format === 'pdf' ? title : '',
    texts: fill.texts,
    photoKeys: fill.photos.map((p) => p.storageKey),
    agentPictureUrl: fill.agentPictureUrl,
    qr: fill.qr,
    primaryColor: fill.primaryColor,
  };
  const version = createHash('sha256')
    .update(JSON.stringify({ renderer: RENDERER_VERSION, ...drawn }))
    .digest('hex')
    .slice(0, 32);
  return { materialId: material.id, version, publicOrigin, ...drawn };
}

const renderKey = (r: Pick<RenderPayload, 'materialId' | 'format' | 'version'>) => `marketing:${r.materialId}:${r.format}:${r.version}`;
const storageKeyOf = (r: Pick<RenderPayload, 'materialId' | 'format' | 'version'>) => `marketing/${r.materialId}/${r.version}.${r.format}`;

/** The stored file of this version, if it was rendered. */
async function storedRender(db: Queryable, r: Pick<RenderPayload, 'materialId' | 'format' | 'version'>): Promise<string | null> {
  const { rows } = await db.query<{ storage_key: string }>('SELECT storage_key FROM marketing_renders WHERE material_id = $1 AND format = $2 AND version = $3', [
    r.materialId,
    r.format,
    r.version,
  ]);
  return rows[0]?.storage_key ?? null;
}

export type RenderState = { status: 'ready'; storageKey: string } | { status: 'rendering'; job: JobRecord<RenderPayload> } | { status: 'failed' };

/** A failed render of a version is not asked again for this long (it already had its attempts). */
const FAILED_PAUSE_MS = 10 * 60_000;

/**
 * The version's file if it is stored; else its render, queued for `userId` under `partnerId` (or joined, when one is
 * live). RATE_LIMITED past the user's or the partner's limit.
 */
export async function requestRender(db: Database, request: RenderPayload, who: { userId: number; partnerId: number }): Promise<RenderState> {
  const stored = await storedRender(db, request);
  if (stored) return { status: 'ready', storageKey: stored };
  const live = await liveJobWithKey<RenderPayload>(db, renderKey(request));
  if (live) return { status: 'rendering', job: live };
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE key = $1 AND status = 'failed' AND finished_at > now() - $2::bigint * interval '1 millisecond' LIMIT 1`,
    [renderKey(request), FAILED_PAUSE_MS],
  );
  if (rows[0]) return { status: 'failed' };
  const { job } = await enqueueJob<RenderPayload>(db, {
    kind: MARKETING_RENDER_JOB,
    key: renderKey(request),
    owner: userOwner(who.userId),
    partnerId: who.partnerId,
    payload: request,
    limits: RENDER_QUEUE_LIMITS,
    typicalSeconds: 3,
    refusal: t.renderQueueFull,
  });
  return { status: 'rendering', job };
}

/** Both formats' state for the element: ready when both are stored; renders asked for what is not (a full queue: still rendering). */
export async function renderStatus(
  db: Database,
  material: MaterialRecord,
  fill: MaterialFill,
  who: { userId: number; partnerId: number },
  publicOrigin: string,
): Promise<'READY' | 'RENDERING' | 'FAILED'> {
  const states: RenderState['status'][] = [];
  for (const format of MATERIAL_FORMATS) {
    try {
      states.push((await requestRender(db, renderRequest(material, fill, format, publicOrigin), who)).status);
    } catch (error) {
      // A full queue: this version waits for the user's earlier renders; the element asks again.
      if (error instanceof DomainError && error.code === 'RATE_LIMITED') states.push('rendering');
      else throw error;
    }
  }
  return states.includes('failed') ? 'FAILED' : states.every((s) => s === 'ready') ? 'READY' : 'RENDERING';
}

/**
 * The stored file of the version `request` names: rendered first if need be (one job for everyone asking), waiting
 * at most `waitMs` or until `signal` aborts (then it throws the signal's reason). 'failed' when the render failed,
 * 'still-rendering' when the wait ran out; RATE_LIMITED past the user's limit.
 */
export async function renderedFile(
  db: Database,
  request: RenderPayload,
  who: { userId: number; partnerId: number },
  options: { signal?: AbortSignal; waitMs?: number; storage?: Storage } = {},
): Promise<Buffer | 'failed' | 'still-rendering'> {
  const storage = options.storage ?? uploadStorage();
  let state = await requestRender(db, request, who);
  if (state.status === 'rendering') {
    const signals = [AbortSignal.timeout(options.waitMs ?? MATERIAL_WAIT_MS), ...(options.signal ? [options.signal] : [])];
    let settled: JobRecord<RenderPayload>;
    try {
      // Not canceled when this request stops waiting: the version is rendered for the next one.
      settled = await waitForJob<RenderPayload>(db, state.job.id, { signal: AbortSignal.any(signals) });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return 'still-rendering';
    }
    state = settled.status === 'done' ? { status: 'ready', storageKey: (settled.result as { storageKey: string }).storageKey } : { status: 'failed' };
  }
  if (state.status !== 'ready') return 'failed';
  return (await storage.get(state.storageKey))?.data ?? 'failed';
}

// ---------------------------------------------------------------------------------------------------
// The job

/** The bytes a rendering needs besides the payload: the chosen photos and the agent's picture, read from our storage. */
export async function renderContentOf(payload: RenderPayload, storage: Storage = uploadStorage()): Promise<RenderContent> {
  const photos: (Uint8Array | null)[] = [];
  for (const key of payload.photoKeys) photos.push((await storage.get(key).catch(() => null))?.data ?? null);
  return {
    texts: payload.texts,
    photos,
    agentPicture: await readOwnImage(payload.agentPictureUrl, payload.publicOrigin),
    qr: payload.qr,
    primaryColor: payload.primaryColor,
  };
}

/** The render job kind: draws the version on a worker thread, stores it, names it; older versions go. */
export function marketingRenderKind(options: { storage?: Storage; onRender?: (payload: RenderPayload) => void } = {}): JobKind<RenderPayload> {
  return {
    kind: MARKETING_RENDER_JOB,
    concurrency: 1,
    async run(job, { db, signal }) {
      const storage = options.storage ?? uploadStorage();
      const payload = job.payload;
      const already = await storedRender(db, payload);
      if (already) return { storageKey: already };
      options.onRender?.(payload);
      const bytes = await runOnThread(
        'marketing.render',
        { templateId: payload.templateId, format: payload.format, content: await renderContentOf(payload, storage), title: payload.title },
        { signal },
      );
      const storageKey = storageKeyOf(payload);
      await storage.put(storageKey, bytes, payload.format === 'pdf' ? 'application/pdf' : 'image/png');
      await db.query(
        `INSERT INTO marketing_renders (material_id, format, version, storage_key, bytes) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [payload.materialId, payload.format, payload.version, storageKey, bytes.length],
      );
      const { rows: old } = await db.query<{ storage_key: string }>(
        `DELETE FROM marketing_renders WHERE material_id = $1 AND format = $2 AND version NOT IN (
           SELECT version FROM marketing_renders WHERE material_id = $1 AND format = $2 ORDER BY created_at DESC, version LIMIT ${KEPT_VERSIONS})
         RETURNING storage_key`,
        [payload.materialId, payload.format],
      );
      for (const row of old) await storage.delete(row.storage_key).catch(() => undefined);
      return { storageKey };
    },
  };
}
