/**
 * GET/POST /v1/api/home-value/unsubscribe/?token=…: the link in every monthly home value mail. GET shows a
 * page with one button (mail scanners follow links: a GET changes nothing); POST stops the updates. Plain
 * HTML without script or style, so the API's strict policy holds.
 */
import type { ServerResponse } from 'node:http';
import { BASE_SECURITY_HEADERS } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { unsubscribe } from './updates';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'";

export const UNSUBSCRIBE_TEXTS = {
  title: 'Monthly home value updates',
  confirm: 'Stop my monthly home value updates',
  done: 'Done: you will get no more monthly home value updates.',
  invalid: 'This unsubscribe link is not valid. Copy the whole link from the mail.',
} as const;

function sendPage(res: ServerResponse, status: number, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${UNSUBSCRIBE_TEXTS.title}</title></head><body><main><h1>${UNSUBSCRIBE_TEXTS.title}</h1>${body}</main></body></html>`;
  res.statusCode = status;
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

/** The token of the link, or null (then the page says the link is not valid). Only [A-Za-z0-9_-] reaches the page. */
const tokenOf = (ctx: RequestContext) => {
  const token = ctx.url.searchParams.get('token');
  return token !== null && TOKEN.test(token) ? token : null;
};

const invalid = (res: ServerResponse) => sendPage(res, 404, `<p>${UNSUBSCRIBE_TEXTS.invalid}</p>`);

export const valuationRoutes: Record<string, Route> = {
  '/v1/api/home-value/unsubscribe/': {
    GET: (ctx) => {
      const token = tokenOf(ctx);
      if (!token) return invalid(ctx.res);
      sendPage(ctx.res, 200, `<form method="post" action="?token=${token}"><button type="submit">${UNSUBSCRIBE_TEXTS.confirm}</button></form>`);
    },
    POST: async (ctx) => {
      const token = tokenOf(ctx);
      if (!token || !(await unsubscribe(ctx.services.db, token, new Date()))) return invalid(ctx.res);
      sendPage(ctx.res, 200, `<p>${UNSUBSCRIBE_TEXTS.done}</p>`);
    },
  },
};
