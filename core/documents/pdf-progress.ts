/**
 * The generated-PDF state of <hearth-documents> (spec §4 Generated PDF, §9; questionnaire-widgets spec §4):
 * generating (text 'Generating...', then the server's progress), polled every PDF_POLL_MS until both pdf and
 * attachmentPdf exist (ready) or PDF_POLL_LIMIT_MS have passed or the job failed ('Something went wrong').
 * Pure: the hook supplies the clock and the calls.
 */
import { documentTexts } from '../i18n/documents';

export const PDF_POLL_MS = 2000;
export const PDF_POLL_LIMIT_MS = 150_000;

export interface PdfAnswer {
  id: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  pdf: string | null;
  attachmentPdf: string | null;
  downloadName: string;
  userStatus: string;
}

export type PdfState =
  | { status: 'idle' }
  | { status: 'generating'; id: string | null; text: string; startedAt: number }
  | { status: 'ready'; id: string; pdf: string; attachmentPdf: string; downloadName: string }
  | { status: 'failed'; text: string };

export const startedPdf = (now: number): PdfState => ({ status: 'generating', id: null, text: documentTexts.generating, startedAt: now });

export const failedPdf = (): PdfState => ({ status: 'failed', text: documentTexts.generationFailed });

/** The state after an answer (of generatePdf or of a poll) at `now`; `null` answer = the call failed. */
export function pdfAfter(state: PdfState, answer: PdfAnswer | null, now: number): PdfState {
  if (state.status !== 'generating') return state;
  if (!answer || answer.status === 'FAILED') return failedPdf();
  if (answer.pdf && answer.attachmentPdf) {
    return { status: 'ready', id: answer.id, pdf: answer.pdf, attachmentPdf: answer.attachmentPdf, downloadName: answer.downloadName };
  }
  if (now - state.startedAt >= PDF_POLL_LIMIT_MS) return failedPdf();
  return { ...state, id: answer.id, text: answer.userStatus || state.text };
}

/** Whether to ask again, and after how long. */
export const shouldPoll = (state: PdfState): state is Extract<PdfState, { status: 'generating' }> & { id: string } =>
  state.status === 'generating' && state.id !== null;
