/**
 * GET /v1/api/documents/<id>?holder&expires&signature[&download=1]: an uploaded document;
 * GET /v1/api/generated-pdfs/<id>/pdf|attachment?…: a generated PDF (named download-{y}.{m}.{d}.pdf).
 *
 * Only through the signed links of server/documents/links.ts (5 minutes): the signature names the holder the
 * link was made for, and the holder's access is checked again here (owner, the case's staff, the guest with
 * the response's PIN). A request that also carries credentials of another user is refused, and so is
 * everything else, with a plain 404: a path never gives a file away by being guessed.
 */
import type { ServerResponse } from 'node:http';
import { authenticate, withDetailErrors } from '../accounts/session';
import { DomainError } from '../domain-error';
import { readJsonObject } from '../http/body';
import { clientIp } from '../http/client-ip';
import { HttpError } from '../http/errors';
import { sendJson } from '../http/respond';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import { latestSignature, readDrawnSignature, readSignerName, signGeneratedPdf } from '../pdf/sign';
import { findUserById } from '../accounts/users';
import { notFound } from '../http/errors';
import { BASE_SECURITY_HEADERS } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { uploadStorage, type OpenedFile } from '../storage';
import { pipeStoredFile, redirectToStore } from '../http/stored-file';
import { pdfDownloadName } from '../../core/documents/download-name';
import { findGeneratedPdf, pdfKeyOf } from '../pdf/jobs';
import { documentForHolder, findCase, caseRole } from './documents';
import { signedLink, verifySignedLink, type LinkHolder, type LinkKind } from './links';

const DOCUMENT_PATH = /^([1-9][0-9]{0,15})\/?$/;
const PDF_PATH = /^([1-9][0-9]{0,15})\/(pdf|attachment|signed)\/?$/;
const SIGN_PATH = /^([1-9][0-9]{0,15})\/sign\/?$/;

/** The holder of a valid link, unless the request's own credentials name someone else. */
async function holderOf(ctx: RequestContext, kind: LinkKind, id: number): Promise<LinkHolder> {
  const holder = verifySignedLink(kind, id, ctx.url.searchParams);
  if (!holder) throw notFound();
  const viewer = await authenticate(ctx.services.db, ctx.req.headers, ctx.method).catch(() => null);
  if (viewer && !('userId' in holder && holder.userId === viewer.user.id)) throw notFound();
  return holder;
}

/** ASCII fallback and RFC 5987 UTF-8 name. */
const disposition = (inline: boolean, fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/**
 * A download (`download=1`) from a bucket that signs links is a redirect to the store (server/http/stored-file.ts);
 * an inline preview, and every file on the local disk, is streamed with our headers.
 */
async function sendFile(ctx: RequestContext, key: string, contentType: string, fileName: string): Promise<void> {
  const storage = uploadStorage();
  const inline = ctx.url.searchParams.get('download') !== '1';
  if (!inline && (await redirectToStore(ctx.res, storage, key, disposition(false, fileName), contentType))) return;
  const file = await storage.open(key);
  if (!file) throw notFound();
  await streamFile(ctx.res, file, contentType, fileName, inline);
}

async function streamFile(res: ServerResponse, file: OpenedFile, contentType: string, fileName: string, inline: boolean): Promise<void> {
  res.statusCode = 200;
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', disposition(inline, fileName));
  // Framed and shown by the partner's page (preview): no frame-ancestors; nothing inside may run or load.
  res.setHeader('Content-Security-Policy', contentType === 'application/pdf' ? "default-src 'none'; img-src data:; style-src 'unsafe-inline'" : "default-src 'none'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Cache-Control', 'private, no-store');
  await pipeStoredFile(res, file);
}

const documentRoute: Route = {
  GET: async (ctx) => {
    const match = DOCUMENT_PATH.exec(ctx.rest);
    if (!match) throw notFound();
    const id = Number(match[1]);
    const holder = await holderOf(ctx, 'document', id);
    const db = ctx.services.db;
    const document = await documentForHolder(db, id, holder, (userId) => findUserById(db, userId));
    if (!document) throw notFound();
    await sendFile(ctx, document.storageKey, document.contentType, document.fileName);
  },
};

const pdfRoute: Route = {
  GET: async (ctx) => {
    const match = PDF_PATH.exec(ctx.rest);
    if (!match) throw notFound();
    const id = Number(match[1]);
    const kind: LinkKind = match[2] === 'pdf' ? 'pdf' : match[2] === 'signed' ? 'signed-pdf' : 'attachment-pdf';
    const holder = await holderOf(ctx, kind, id);
    if (!('userId' in holder)) throw notFound();
    const db = ctx.services.db;
    const [user, pdf] = await Promise.all([findUserById(db, holder.userId), findGeneratedPdf(db, id)]);
    const key = !pdf ? null : kind === 'signed-pdf' ? ((await latestSignature(db, pdf.id))?.signedPdfKey ?? null) : pdfKeyOf(pdf, kind === 'pdf' ? 'pdf' : 'attachment-pdf');
    if (!user || !pdf || !key) throw notFound();
    if (pdf.requestedByUserId !== user.id) {
      const c = await findCase(db, pdf.applicationCaseId);
      if (!c || !caseRole(c, { user, partnerId: c.partnerId })) throw notFound();
    }
    await sendFile(ctx, key, 'application/pdf', pdfDownloadName());
  },
};

/** POST /v1/api/generated-pdfs/<id>/sign: a REST call, because the audit page records the signer's IP. */
async function signPdf(ctx: RequestContext): Promise<void> {
  const match = SIGN_PATH.exec(ctx.rest);
  if (!match) throw notFound();
  const partner = await guardPartnerRequest(ctx);
  const viewer = await authenticate(ctx.services.db, ctx.req.headers, ctx.method);
  if (!viewer) throw new HttpError(401, 'not_authenticated', 'Sign in to sign this document.');
  const body = await readJsonObject(ctx.req, SIGN_BODY_LIMIT);
  let record;
  try {
    const signerName = readSignerName(body.signerName);
    const drawn = await readDrawnSignature(body.signature);
    record = await signGeneratedPdf(ctx.services.db, {
      id: Number(match[1]),
      user: viewer.user,
      partnerId: partner.id,
      signerName,
      drawn,
      ip: clientIp(ctx.req, ctx.services.config.trustProxy),
    });
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.code === 'NOT_FOUND') throw notFound(error.message);
      throw new HttpError(400, 'invalid', error.message);
    }
    throw error;
  }
  const origin = ctx.services.config.publicOrigin;
  sendJson(ctx.res, 200, {
    signedPdf: signedLink(origin, 'signed-pdf', record.generatedPdfId, { userId: viewer.user.id }, { download: true }),
    signedAt: record.signedAt.toISOString(),
    documentSha256: record.documentSha256,
    signedSha256: record.signedSha256,
  });
}

const SIGN_BODY_LIMIT = 320 * 1024;

export const documentRoutes: Record<string, Route> = {
  '/v1/api/documents/*': documentRoute,
  '/v1/api/generated-pdfs/*': { ...pdfRoute, POST: withDetailErrors(signPdf), OPTIONS: partnerPreflight(['GET', 'POST']) },
};
