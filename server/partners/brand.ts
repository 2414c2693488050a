/**
 * A partner's brand as the server shows it (issue 35): in the mails its visitors and agents receive, on its
 * hosted pages and flyers. Read from `partnerAppContext`, so a partner's brand is its own or nothing; the
 * default partner's is ours.
 */
import { brandName, supportEmail } from '../../core/config/brand';
import { resolveContext, type ResolvedAppContext } from '../../core/config/context';
import { partnerAppContext } from './app-context';
import type { Partner } from './repository';

export interface PartnerBrand {
  /** What the partner's site calls itself (website name, company name, else the partner's name). */
  name: string;
  /** Where its visitors write for help; null when it has none. */
  supportEmail: string | null;
  context: ResolvedAppContext;
}

export function partnerBrand(partner: Pick<Partner, 'slug' | 'name' | 'appContext'>): PartnerBrand {
  const context = resolveContext(partnerAppContext(partner).context);
  return { name: brandName(context) || partner.name, supportEmail: supportEmail(context), context };
}
