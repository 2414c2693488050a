/**
 * /photo-management?caseId={id} (spec §2 photo-management: header and footer hidden): the seller's photos of one
 * home in <hearth-photo-management>. The element asks the API, which decides whose case it is; a missing or
 * malformed caseId gets a clear message and the way back to the Owner Dashboard.
 */
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import { escapeHtml, ID, notFoundPage, type PageBuilder } from '../site/html';

export const photoManagementPage: PageBuilder = (segments, site) => {
  if (segments.length) return notFoundPage();
  const caseId = site.ctx.url.searchParams.get('caseId') ?? '';
  const main = ID.test(caseId)
    ? `<hearth-photo-management case-id="${caseId}"></hearth-photo-management>\n<p><a href="/account/home-detail/${caseId}">${escapeHtml(t.backToHome)}</a></p>`
    : `<h1>${escapeHtml(t.pageTitle)}</h1>\n<p role="alert">${escapeHtml(t.pageNoCase)}</p>\n<p><a href="/account/homes">${escapeHtml(t.ownerDashboard)}</a></p>`;
  return { title: t.pageTitle, noindex: true, chrome: { header: false, footer: false }, main };
};
