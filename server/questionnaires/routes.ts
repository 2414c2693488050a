/**
 * POST /v1/api/questionnaire-response/test_screen/ (marketplace spec §7): body `{ data: { xml } }` (one
 * screen's definition markup, optionally `context` for its templates) → `{ markup, widgets, unknownTags }`,
 * the screen as a response would receive it. For authors trying a screen; it stores nothing.
 */
import { screenWidgets } from '../../questionnaire/engine/flow';
import { parseMarkup, walkElements } from '../../questionnaire/markup/parse';
import { rulesFor } from '../../questionnaire/widgets/rules';
import { isWidgetTag, OPTION_TAG } from '../../questionnaire/widgets/tags';
import { readJsonObject } from '../http/body';
import { HttpError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import { renderScreenMarkup } from './responses';

export const TEST_SCREEN_BODY_LIMIT = 128 * 1024;
const TEST_SCREEN_PATH = '/v1/api/questionnaire-response/test_screen/';

async function testScreen(ctx: RequestContext): Promise<void> {
  await guardPartnerRequest(ctx);
  const body = await readJsonObject(ctx.req, TEST_SCREEN_BODY_LIMIT);
  const data = body.data as { xml?: unknown; context?: unknown } | undefined;
  if (!data || typeof data !== 'object' || typeof data.xml !== 'string') {
    throw new HttpError(400, 'validation', 'Some fields need attention.', { 'data.xml': 'data.xml must be the screen markup as a string.' });
  }
  const context = data.context ?? {};
  if (typeof context !== 'object' || context === null || Array.isArray(context)) {
    throw new HttpError(400, 'validation', 'Some fields need attention.', { 'data.context': 'data.context must be an object.' });
  }
  const unknownTags = [
    ...new Set(
      [...walkElements(parseMarkup(data.xml))].map((el) => el.tag).filter((tag) => tag.startsWith('hu-') && !isWidgetTag(tag) && tag !== OPTION_TAG),
    ),
  ];
  const markup = renderScreenMarkup(data.xml, context as Record<string, unknown>);
  const widgets = screenWidgets(markup).map((w) => ({ tag: w.tag, key: w.key, variables: rulesFor(w.tag).variables(w) }));
  sendJson(ctx.res, 200, { markup, widgets, unknownTags });
}

export const questionnaireRoutes: Record<string, Route> = {
  [TEST_SCREEN_PATH]: { POST: testScreen, OPTIONS: partnerPreflight(['POST']) },
};
