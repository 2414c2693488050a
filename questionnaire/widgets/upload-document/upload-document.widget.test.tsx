// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pdfDownloadName } from '../../../core/documents/download-name';
import type { GeneratedPdf } from '../../../core/documents/documents-api';
import { PDF_POLL_MS } from '../../../core/documents/pdf-progress';
import type { Result } from '../../../core/graphql/call';
import { documentTexts as d } from '../../../core/i18n/documents';
import { hearthStore } from '../../../core/state/store';
import { testRoot } from '../../../core/testing/react-root';
import { toastsAtom } from '../../../core/ui/toast-state';
import { generatedDocumentWidget } from '../generated-document/generated-document.widget';
import { renderWidget } from '../testing';
import { widgetTexts } from '../texts';
import type { Values } from '../widget';
import type { PassportResult, ShownDocument, SlotDocument, UploadCalls } from './upload-document-api';
import { uploadDocumentWidget } from './upload-document.widget';

const t = widgetTexts.upload;
const PLAIN = '<hu-upload-document hu-key="deed" hu-title="Deed" component="deed" variables="deed_document,deed_verified">';
const PASSPORT = '<hu-upload-document hu-key="passport" hu-title="Passport" component="photo-id" passport variables="passport_document,passport_verified">';
const IMAGE: ShownDocument = { id: '31', fileName: 'deed.png', contentType: 'image/png', file: 'https://api.example/v1/api/documents/31?holder=u1' };

beforeEach(() => {
  hearthStore.set(toastsAtom, []);
});
afterEach(() => {
  vi.useRealTimers();
});
const dom = testRoot();

function render(Widget: ReturnType<typeof uploadDocumentWidget>, markup: string, initial: Values) {
  return renderWidget(dom, { Widget }, markup, { initial }).seen;
}

const ok = <T,>(value: T): Result<T> => ({ ok: true, value });
const button = (text: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent === text)!;
const toasts = () => hearthStore.get(toastsAtom).map((toast) => [toast.tone, toast.message]);
const chooseFile = (name = 'deed.png') => {
  const input = dom.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  return file;
};

function calls(overrides: Partial<UploadCalls> = {}): UploadCalls {
  return {
    loadSlot: vi.fn(async (): Promise<Result<SlotDocument>> => ok({ componentId: '5', document: null })),
    upload: vi.fn(async (): Promise<Result<ShownDocument>> => ok(IMAGE)),
    extractPassport: vi.fn(async (): Promise<Result<PassportResult>> => ok({ valid: false, message: 'unused' })),
    ...overrides,
  };
}

describe('<hu-upload-document> (widget spec §2, §4, §8)', () => {
  it('fetches the latest document of the slot on open, then offers an update', async () => {
    const api = calls({ loadSlot: vi.fn(async () => ok({ componentId: '5', document: IMAGE })) });
    render(uploadDocumentWidget(api), PLAIN, { case_id: '9' });
    await act(async () => undefined);
    expect(api.loadSlot).toHaveBeenCalledWith('9', 'deed');
    expect(dom.container.querySelector('label')!.textContent).toBe('Update your file:');
    expect(button('Update File')).toBeTruthy();
    expect(dom.container.querySelector<HTMLImageElement>('[part="preview-image"]')!.src).toBe(IMAGE.file);
    expect(button('Expand').disabled).toBe(false);
  });

  it("with no document: 'Choose a file to upload...', 'Upload File', 'Nothing has been uploaded yet.', Expand disabled", async () => {
    render(uploadDocumentWidget(calls()), PLAIN, { case_id: '9' });
    await act(async () => undefined);
    expect(dom.container.querySelector('label')!.textContent).toBe('Choose a file to upload...');
    expect(dom.container.textContent).toContain('Nothing has been uploaded yet.');
    expect(button('Expand').disabled).toBe(true);
    expect(dom.container.querySelector('[part="upload"]')!.getAttribute('data-state')).toBe('none');
  });

  it("no file chosen: the info toast 'Please choose a file for upload.' and no call", async () => {
    const api = calls();
    render(uploadDocumentWidget(api), PLAIN, { case_id: '9' });
    await act(async () => undefined);
    await act(async () => button('Upload File').click());
    expect(toasts()).toEqual([['info', 'Please choose a file for upload.']]);
    expect(api.upload).not.toHaveBeenCalled();
  });

  it("uploads: 'Analyzing Image Data' while it runs, then 'Document was saved.', the preview, verified true", async () => {
    let finish!: (r: Result<ShownDocument>) => void;
    const api = calls({ upload: vi.fn(() => new Promise<Result<ShownDocument>>((r) => (finish = r))) });
    const seen = render(uploadDocumentWidget(api), PLAIN, { case_id: '9' });
    await act(async () => undefined);
    const file = chooseFile();
    await act(async () => button('Upload File').click());
    expect(api.upload).toHaveBeenCalledWith(file, { componentId: '5', caseId: '9' });
    expect(dom.container.querySelector('[part="overlay"]')!.textContent).toBe('Analyzing Image Data');
    expect(button('Expand').disabled).toBe(true);
    expect(dom.container.querySelector('[part="upload"]')!.getAttribute('data-state')).toBe('uploading');
    await act(async () => finish(ok(IMAGE)));
    expect(dom.container.querySelector('[part="overlay"]')).toBeNull();
    expect(toasts()).toEqual([['success', 'Document was saved.']]);
    expect(seen.at(-1)).toEqual({ deed_document: '31', deed_verified: 'true' });
    expect(dom.container.querySelector('[part="upload"]')!.getAttribute('data-state')).toBe('saved');
    act(() => button('Expand').click());
    expect(button('Collapse').getAttribute('aria-expanded')).toBe('true');
    expect(dom.container.querySelector('[part="preview-frame-box"]')!.getAttribute('data-expanded')).toBe('true');
    // A second file replaces the first.
    const second = chooseFile('deed-2.png');
    await act(async () => {
      button('Update File').click();
      finish(ok({ ...IMAGE, fileName: 'deed-2.png' }));
    });
    expect(api.upload).toHaveBeenLastCalledWith(second, { documentId: '31' });
  });

  it('a refusal of the server is its own error toast; otherwise the generic one', async () => {
    const api = calls({
      upload: vi
        .fn<UploadCalls['upload']>()
        .mockResolvedValueOnce({ ok: false, failure: { kind: 'invalid', message: '“deed.png” is not a PDF, JPEG, PNG, WebP or HEIC file.', code: 'BAD_USER_INPUT', argument: 'file' } })
        .mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } }),
    });
    const seen = render(uploadDocumentWidget(api), PLAIN, { case_id: '9' });
    await act(async () => undefined);
    chooseFile();
    await act(async () => button('Upload File').click());
    await act(async () => button('Upload File').click());
    expect(toasts()).toEqual([
      ['error', '“deed.png” is not a PDF, JPEG, PNG, WebP or HEIC file.'],
      ['error', 'Something went wrong while trying to upload.'],
    ]);
    expect(dom.container.querySelector('[part="upload"]')!.getAttribute('data-state')).toBe('failed');
    expect(seen).toEqual([]);
  });

  it('passport mode: fills the five fields from the server, verified starts false and must be ticked', async () => {
    const api = calls({
      extractPassport: vi.fn(async () =>
        ok<PassportResult>({
          valid: true,
          values: {
            app_first_name_passport: 'Anna Maria',
            app_last_name_passport: 'Eriksson',
            app_birth_date: '8/12/1974',
            app_passport_number: 'L898902C3',
            app_passport_expire_date: '4/15/2034',
          },
        }),
      ),
    });
    const seen = render(uploadDocumentWidget(api), PASSPORT, { case_id: '9' });
    await act(async () => undefined);
    expect(dom.container.querySelector<HTMLInputElement>('input[type="file"]')!.accept).not.toContain('pdf');
    chooseFile('passport.png');
    await act(async () => button('Upload File').click());
    expect(api.extractPassport).toHaveBeenCalledWith('31');
    expect(seen[0]).toEqual({ passport_document: '31', passport_verified: 'false' });
    const field = (variable: string) => dom.container.querySelector<HTMLInputElement>(`[data-variable="${variable}"]`)!;
    expect(field('app_first_name_passport').value).toBe('Anna Maria');
    expect(field('app_passport_expire_date').value).toBe('4/15/2034');
    const verified = dom.container.querySelector<HTMLInputElement>('[part="verified"]')!;
    expect(verified.checked).toBe(false);
    act(() => verified.click());
    expect(seen.at(-1)).toEqual({ passport_verified: 'true' });
  });

  it('passport mode: an unreadable zone shows its message and keeps the upload', async () => {
    const api = calls({ extractPassport: vi.fn(async () => ok<PassportResult>({ valid: false, message: 'No machine-readable zone was found.' })) });
    const seen = render(uploadDocumentWidget(api), PASSPORT, { case_id: '9' });
    await act(async () => undefined);
    chooseFile('passport.png');
    await act(async () => button('Upload File').click());
    expect(dom.container.querySelector('[part="passport-message"]')!.textContent).toBe('No machine-readable zone was found.');
    expect(seen).toEqual([{ passport_document: '31', passport_verified: 'false' }]);
    expect(button('Update File')).toBeTruthy();
  });

  it('without a case: says so, and calls nothing', () => {
    const api = calls();
    render(uploadDocumentWidget(api), PLAIN, {});
    expect(dom.container.textContent).toContain(t.noCase);
    expect(api.loadSlot).not.toHaveBeenCalled();
  });

  it('a slot the case does not have: the server says why', async () => {
    const api = calls({ loadSlot: vi.fn(async () => ({ ok: false, failure: { kind: 'not-found', message: 'This case has no document slot “deed”.', code: 'NOT_FOUND', argument: 'component' } }) as const) });
    render(uploadDocumentWidget(api), PLAIN, { case_id: '9' });
    await act(async () => undefined);
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe('This case has no document slot “deed”.');
  });
});

describe('<hu-generated-document> (widget spec §4, §8, §9)', () => {
  const MARKUP = '<hu-generated-document hu-key="summary" hu-title="Summary" variables="summary_pdf">';
  const answer = (over: Partial<GeneratedPdf>): GeneratedPdf => ({
    id: '77',
    status: 'RUNNING',
    pdf: null,
    attachmentPdf: null,
    downloadName: pdfDownloadName(),
    userStatus: 'Generating...',
    ...over,
  });

  function renderGenerated(start: () => Promise<Result<GeneratedPdf>>, poll: (id: string) => Promise<Result<GeneratedPdf>>, initial: Values = { case_id: '9' }) {
    return render(generatedDocumentWidget({ start: vi.fn(start), poll: vi.fn(poll) }) as never, MARKUP, initial);
  }
  const status = () => dom.container.querySelector('[part="generated-status"]')!.textContent;

  it("'Generating...', then the server's progress, then the preview and the download named download-{year}.{month}.{day}.pdf", async () => {
    vi.useFakeTimers();
    const polls = [answer({ userStatus: 'Appending your documents' }), answer({ status: 'DONE', pdf: 'https://api.example/pdf', attachmentPdf: 'https://api.example/att' })];
    const seen = renderGenerated(async () => ok(answer({ status: 'QUEUED' })), async () => ok(polls.shift()!));
    expect(status()).toBe('Generating...');
    await act(async () => undefined);
    expect(status()).toBe('Generating...');
    expect(dom.container.querySelector<HTMLButtonElement>('[part="download"]')!.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(PDF_POLL_MS));
    expect(status()).toBe('Appending your documents');
    await act(async () => vi.advanceTimersByTime(PDF_POLL_MS));
    const download = dom.container.querySelector<HTMLAnchorElement>('a[part="download"]')!;
    expect(download.getAttribute('href')).toBe('https://api.example/att');
    expect(download.getAttribute('download')).toMatch(/^download-\d{4}\.\d{1,2}\.\d{1,2}\.pdf$/);
    expect(dom.container.querySelector('[part="preview-frame"]')!.getAttribute('src')).toBe('https://api.example/pdf');
    expect(seen.at(-1)).toEqual({ summary_pdf: '77' });
  });

  it("a failed job says 'Something went wrong'", async () => {
    renderGenerated(async () => ok(answer({ status: 'FAILED', userStatus: 'Something went wrong' })), async () => ok(answer({})));
    await act(async () => undefined);
    expect(status()).toBe('Something went wrong');
    expect(dom.container.querySelector('[part="generated"]')!.getAttribute('data-state')).toBe('failed');
  });

  it('a stored PDF is shown again rather than generated anew', async () => {
    const start = vi.fn(async () => ok(answer({})));
    const poll = vi.fn(async () => ok(answer({ status: 'DONE', pdf: 'https://api.example/pdf', attachmentPdf: 'https://api.example/att' })));
    render(generatedDocumentWidget({ start, poll }) as never, MARKUP, { case_id: '9', summary_pdf: '70' });
    await act(async () => undefined);
    expect(start).not.toHaveBeenCalled();
    expect(poll).toHaveBeenCalledWith('70');
  });
});
