/**
 * What completing a case's questionnaire does to the case (spec §4): a buyer case's offer is submitted
 * (server/offers/submission.ts), a mortgage case goes 'Under Review' (server/mortgage/submission.ts), a seller
 * case's listing takes the intake's facts (server/sellers/intake.ts).
 * server/questionnaires/responses.ts calls this in the transaction that completes the response, every
 * time it is completed (again after an edit too). Responses of no case (a questionnaire started on its
 * own) change nothing here.
 */
import type { QuestionnaireDefinition } from '../../questionnaire/engine/definition';
import type { Context } from '../../questionnaire/engine/flow';
import type { Queryable } from '../db';
import { submitMortgageRequest } from '../mortgage/submission';
import { submitOffer } from '../offers/submission';
import { completeSellerIntake } from '../sellers/intake';
import { BUYER_OFFER_TYPE, caseOfResponse, MORTGAGE_TYPES } from './cases';

export interface CompletedResponse {
  id: string;
  definition: QuestionnaireDefinition;
  /** The answers as completed. */
  context: Context;
}

export async function completeCaseResponse(tx: Queryable, response: CompletedResponse): Promise<void> {
  const found = await caseOfResponse(tx, response.id);
  if (!found) return;
  if (found.type === BUYER_OFFER_TYPE) await submitOffer(tx, found.id, response.definition, response.context);
  else if ((MORTGAGE_TYPES as readonly string[]).includes(found.type)) await submitMortgageRequest(tx, found.id, response.context);
  else if (found.type === 'seller-sale' || found.type === 'seller-rent') await completeSellerIntake(tx, found.id, response.context);
}
