import { describe, expect, it } from 'vitest';
import { documentTexts as t } from '../i18n/documents';
import { pdfDownloadName } from './download-name';
import { PDF_POLL_LIMIT_MS, PDF_POLL_MS, pdfAfter, shouldPoll, startedPdf } from './pdf-progress';

const answer = (over: Partial<Parameters<typeof pdfAfter>[1] & object> = {}) => ({
  id: '5',
  status: 'RUNNING' as const,
  pdf: null,
  attachmentPdf: null,
  downloadName: 'download-2026.3.5.pdf',
  userStatus: 'Rendering the form…',
  ...over,
});

describe('generated PDF progress (spec §4, §9)', () => {
  it('polls every 2000 ms up to 150000 ms', () => {
    expect(PDF_POLL_MS).toBe(2000);
    expect(PDF_POLL_LIMIT_MS).toBe(150000);
  });

  it("starts with 'Generating...', then shows the server's progress, then is ready when both files exist", () => {
    const start = startedPdf(0);
    expect(start).toMatchObject({ status: 'generating', text: 'Generating...' });
    expect(shouldPoll(start)).toBe(false);
    const running = pdfAfter(start, answer(), 2000);
    expect(running).toMatchObject({ status: 'generating', id: '5', text: 'Rendering the form…' });
    expect(shouldPoll(running)).toBe(true);
    expect(pdfAfter(running, answer({ pdf: 'p' }), 4000).status).toBe('generating');
    expect(pdfAfter(running, answer({ status: 'DONE', pdf: 'p', attachmentPdf: 'a' }), 4000)).toEqual({
      status: 'ready',
      id: '5',
      pdf: 'p',
      attachmentPdf: 'a',
      downloadName: 'download-2026.3.5.pdf',
    });
  });

  it("fails with 'Something went wrong' on a failed job, a failed call, or after the limit", () => {
    const running = pdfAfter(startedPdf(0), answer(), 0);
    const failed = { status: 'failed', text: t.generationFailed };
    expect(pdfAfter(running, answer({ status: 'FAILED' }), 1)).toEqual(failed);
    expect(pdfAfter(running, null, 1)).toEqual(failed);
    expect(pdfAfter(running, answer(), PDF_POLL_LIMIT_MS - 1).status).toBe('generating');
    expect(pdfAfter(running, answer(), PDF_POLL_LIMIT_MS)).toEqual(failed);
    expect(t.generationFailed).toBe('Something went wrong');
  });

  it('names the download download-{year}.{month}.{day}.pdf', () => {
    expect(pdfDownloadName(new Date('2026-03-05T12:00:00Z'))).toBe('download-2026.3.5.pdf');
    expect(pdfDownloadName(new Date('2026-12-25T12:00:00Z'))).toBe('download-2026.12.25.pdf');
  });
});
