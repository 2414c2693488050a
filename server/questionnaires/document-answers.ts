/**
 * An upload-document answer names a document id (questionnaire/widgets/upload-document): the server keeps
 * it only when that document was uploaded for this response — into it (a guest's), by its owner, or for its
 * owner as the applicant. A crafted answer naming someone else's document is refused like any invalid
 * answer, so a generated PDF or a case never picks up a stranger's file.
 */
import type { ScreenAnswers } from '../../questionnaire/engine/flow';
import { documentVariable } from '../../questionnaire/widgets/upload-document/upload-document.rules';
import type { WidgetSpec } from '../../questionnaire/widgets/widget';
import type { Queryable } from '../db';

const UPLOAD_TAG = 'hu-upload-document';

export async function refuseForeignDocuments(
  tx: Queryable,
  widgets: readonly WidgetSpec[],
  answers: ScreenAnswers,
  response: { id: string; ownerUserId: number | null },
): Promise<void> {
  for (const widget of widgets) {
    if (widget.tag !== UPLOAD_TAG || answers.errors[widget.key]) continue;
    const variable = documentVariable(widget);
    const documentId = answers.values[variable];
    if (!documentId) continue;
    const { rows } = await tx.query(
      `SELECT 1 FROM uploaded_documents
        WHERE id = $1 AND (response_id = $2 OR ($3::bigint IS NOT NULL AND (uploaded_by_user_id = $3 OR applicant_id = $3)))`,
      [documentId, response.id, response.ownerUserId],
    );
    if (rows.length === 0) {
      answers.errors[widget.key] = { invalid: 'true' };
      delete answers.values[variable];
    }
  }
}
