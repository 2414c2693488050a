/**
 * The brand a page, a mail or a flyer names (issue 35): read from the partner's context only, so a partner's
 * visitor sees the partner's name and addresses and never ours (the default context holds ours: core/config/
 * context.ts). Both sides read it: the elements, and the server's pages, mails and PDFs. No DOM, no zod.
 */
import type { AppContext } from './schema';

type NameFields = Pick<AppContext, 'websiteName' | 'appName'> & { partner?: { name?: string | null } | null };

/** What the site calls itself (spec §2 footer, §5 consent): the website name, else the company name, else the partner's name. */
export const brandName = (context: NameFields): string => context.websiteName || context.appName || context.partner?.name || '';

/**
 * Where a visitor writes for help (spec §9 contact addresses: cancelling a tour, mortgage questions): the
 * partner's support email, else its agent's; null (the line is left out) when it has neither.
 */
export const supportEmail = (context: Pick<AppContext, 'supportEmail' | 'agentEmail'>): string | null =>
  context.supportEmail || context.agentEmail || null;
