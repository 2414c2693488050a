/**
 * GET /v1/api/site/page/?path=… (server/site/app-page.ts): a hosted-site page for <hearth-app> — the shell's
 * header and footer and the page's <main> as our server wrote them, or the redirect a route guard demands.
 * Signed in, the token goes along, so account pages and the header's Account menu are the viewer's.
 */
import * as z from 'zod/mini';
import { authHeaders, ensureSession, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/context';
import type { Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

// One object with optional parts rather than a discriminated union: zod/mini's union code would land in the
// runtime every element shares, for this one answer.
const answerSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['page', 'redirect']),
    location: z.optional(z.string()),
    status: z.optional(z.number()),
    title: z.optional(z.string()),
    description: z.optional(z.nullable(z.string())),
    header: z.optional(z.string()),
    main: z.optional(z.string()),
    footer: z.optional(z.string()),
  }),
);

export type SitePage =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; title: string; description: string | null; header: string; main: string; footer: string };

/** The answer as the app uses it, or null when a part it needs is missing. */
function sitePageOf(answer: ReturnType<typeof answerSchema.parse>): SitePage | null {
  if (answer.kind === 'redirect') return answer.location === undefined ? null : { kind: 'redirect', location: answer.location };
  const { status, title, description = null, header, main, footer } = answer;
  if (status === undefined || title === undefined || header === undefined || main === undefined || footer === undefined) return null;
  return { kind: 'page', status, title, description, header, main, footer };
}

export const sitePageUrl = (api: string, partner: string, path: string) =>
  `${api}/v1/api/site/page/?path=${encodeURIComponent(path)}${partner ? `&partner=${encodeURIComponent(partner)}` : ''}`;

export async function loadSitePage(path: string, signal?: AbortSignal): Promise<Result<SitePage>> {
  const { api, partner } = runtimeSettings();
  // The stored sign-in is confirmed first: an account page asked for before that would meet the login guard.
  await ensureSession().catch(() => null);
  let response: Response;
  try {
    response = await fetch(sitePageUrl(api, partner, path), {
      headers: { Accept: 'application/json', ...authHeaders() },
      credentials: isSameOrigin() ? 'include' : 'omit',
      signal,
    });
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, code: null, argument: null } };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    return {
      ok: false,
      failure: { kind: response.status === 400 ? 'invalid' : 'server', message: typeof message === 'string' ? message : null, code: null, argument: 'path' },
    };
  }
  const parsed = answerSchema.safeParse(body);
  const page = parsed.success ? sitePageOf(parsed.data) : null;
  return page ? { ok: true, value: page } : { ok: false, failure: { kind: 'server', message: null, code: null, argument: null } };
}
