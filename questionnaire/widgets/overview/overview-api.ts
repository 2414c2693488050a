/**
 * The overview's one call (widget spec §7 "overview text with description and translation"): the seller
 * case's listing description and its translation (listingDescription, server/graphql/schema/sellers.ts;
 * for the case's signed-in owner or its agents).
 */
import * as z from 'zod/mini';
import { query, type Result } from '../../../core/graphql/call';
import { lazySchema } from '../../../core/validation/lazy-schema';

z.config({ jitless: true });

export const QuestionnaireOverviewQuery = `query questionnaireOverview($caseId: ID!) {
  listingDescription(caseId: $caseId) { description { text } translation { text } }
}`;

const descriptionSchema = lazySchema(() =>
  z.object({ description: z.object({ text: z.string() }), translation: z.nullable(z.object({ text: z.string() })) }),
);

export interface OverviewTexts {
  description: string;
  translation: string | null;
}

export async function loadOverview(caseId: string): Promise<Result<OverviewTexts>> {
  const result = await query(QuestionnaireOverviewQuery, { caseId }, descriptionSchema, { muteError: true, requestPolicy: 'network-only' });
  if (!result.ok) return result;
  return { ok: true, value: { description: result.value.description.text, translation: result.value.translation?.text ?? null } };
}
