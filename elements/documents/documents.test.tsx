// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentCase } from '../../core/documents/documents-api';
import { documentTexts as t } from '../../core/i18n/documents';
import { testRoot } from '../../core/testing/react-root';
import { DocumentsView } from './documents.view';

type Props = Parameters<typeof DocumentsView>[0];

const doc = {
  id: '31',
  fileName: 'stub.pdf',
  contentType: 'application/pdf',
  byteSize: 1200,
  created: '2026-03-05T17:00:00.000Z',
  modified: '2026-03-05T17:00:00.000Z',
  file: 'https://api.test/v1/api/documents/31?holder=u1&expires=1&signature=x',
  downloadUrl: 'https://api.test/v1/api/documents/31?holder=u1&expires=1&signature=x&download=1',
  translatedDocument: null,
};
const image = { ...doc, id: '32', fileName: 'id.png', contentType: 'image/png', file: 'https://api.test/v1/api/documents/32?s' };

const slot = (id: string, key: string, name: string, docs: (typeof doc)[], type = 'UPLOAD_DOCUMENT') => ({
  id,
  name,
  shortName: name,
  required: id === '1',
  docType: key,
  useRelation: false,
  component: { id: key, type, name: type === 'UPLOAD_DOCUMENT' ? 'upload document' : 'generated document' },
  uploadedDocuments: docs,
});

const aCase: DocumentCase = {
  id: '7',
  created: '2026-03-05T17:00:00.000Z',
  applicationType: { id: '2', slugId: 'mortgage-prequalification', name: 'Mortgage pre-qualification' },
  caseComponents: [slot('1', 'photo-id', 'Photo ID', [image]), slot('2', 'pay-stubs', 'Pay stubs', []), slot('3', 'summary', 'Summary', [], 'GENERATED_DOCUMENT')],
};

const base: Props = {
  state: { status: 'loaded', cases: [aCase] },
  slots: {},
  preview: null,
  pdfs: {},
  signatures: {},
  frameBlocked: false,
  signIn: () => {},
  reload: () => {},
  upload: () => {},
  remove: () => {},
  togglePreview: () => {},
  generate: () => {},
  sign: () => {},
};

const dom = testRoot();
const render = (props: Partial<Props>) => dom.render(<DocumentsView {...base} {...props} />);

describe('DocumentsView', () => {
  it('loading, signed out, failed and empty states', () => {
    expect(render({ state: { status: 'loading' } }).querySelector('[part="message"]')!.textContent).toBe(t.loading);
    const onSignIn = vi.fn();
    const signedOut = render({ state: { status: 'signed-out' }, signIn: onSignIn });
    act(() => signedOut.querySelector<HTMLButtonElement>('[part="sign-in"]')!.click());
    expect(onSignIn).toHaveBeenCalledTimes(1);
    const onRetry = vi.fn();
    const failed = render({ state: { status: 'failed' }, reload: onRetry });
    expect(failed.querySelector('[role="alert"]')!.textContent).toBe(t.loadFailed);
    act(() => failed.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(render({ state: { status: 'loaded', cases: [] } }).querySelector('[part="base"]')!.getAttribute('data-state')).toBe('empty');
  });

  it('names the home in the heading, and shows the chosen file with Upload File as the next step (issue 36)', () => {
    const onUpload = vi.fn();
    const cases = [aCase];
    let view = render({ state: { status: 'loaded', cases: [{ ...aCase, home: '4419 W Canyon View Dr, St. George' }] }, upload: onUpload });
    expect(view.querySelector('h2')!.textContent).toBe('Mortgage pre-qualification · 4419 W Canyon View Dr, St. George');
    const stubs = view.querySelectorAll('[part="slot"]')[1]!;
    const input = stubs.querySelector<HTMLInputElement>('[part="file-input"]')!;
    const file = new File(['%PDF'], 'deed.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(stubs.querySelector('[part="slot-status"]')!.textContent).toBe(t.chosenFile('deed.pdf'));
    const button = stubs.querySelector<HTMLButtonElement>('[part="upload-button"]')!;
    expect(button.disabled).toBe(false);
    expect(button.className).toContain('button-primary');
    expect(button.getAttribute('data-ready')).toBe('true');
    act(() => button.click());
    expect(onUpload).toHaveBeenCalledWith(expect.objectContaining({ documentId: null }), file);
    expect(stubs.querySelector('[part="slot-status"]')!.textContent).toBe('');
    // While it uploads: busy, with a progress bar.
    view = render({ slots: { [`${cases[0]!.id}:${cases[0]!.caseComponents[1]!.id}`]: { status: 'uploading' } } });
    expect(view.querySelectorAll('[part="slot"]')[1]!.querySelector('[part="upload-progress"]')).not.toBeNull();
  });

  it('shows each slot with its documents, the spec texts and upload or update controls', () => {
    const view = render({});
    expect(view.querySelector('h2')!.textContent).toBe(t.caseTitle('Mortgage pre-qualification', '7'));
    const [photo, stubs, generated] = [...view.querySelectorAll('[part="slot"]')];
    expect(photo!.querySelector('label')!.textContent).toBe(t.updateYourFile);
    expect(photo!.querySelector('[part="upload-button"]')!.textContent).toBe(t.updateFile);
    expect(photo!.querySelector('[part="download"]')!.getAttribute('href')).toBe(image.downloadUrl);
    expect(stubs!.querySelector('label')!.textContent).toBe(t.chooseFile);
    expect(stubs!.querySelector('[part="upload-button"]')!.textContent).toBe(t.uploadFile);
    expect(stubs!.textContent).toContain(t.nothingUploaded);
    expect(generated!.querySelector('[part="upload"]')).toBeNull();
    expect(view.querySelector('[part="generate"]')!.textContent).toBe(t.generatePdf);
  });

  it('asks to upload the chosen file, replacing the latest; no file is reported by the hook', () => {
    const onUpload = vi.fn();
    const view = render({ upload: onUpload });
    const photo = view.querySelector('[data-slot="photo-id"]')!;
    act(() => photo.querySelector<HTMLButtonElement>('[part="upload-button"]')!.click());
    expect(onUpload).toHaveBeenCalledWith({ caseId: '7', componentId: '1', documentId: '32' }, null);
  });

  it('shows a refusal as an alert and the upload overlay text while uploading', () => {
    const message = '“x.pdf” contains JavaScript or a launch action; such PDFs are refused.';
    let view = render({ slots: { '7:2': { status: 'failed', message } } });
    const status = view.querySelector('[data-slot="pay-stubs"] [part="slot-status"]')!;
    expect(status.textContent).toBe(message);
    expect(status.getAttribute('role')).toBe('alert');
    view = render({ slots: { '7:2': { status: 'uploading' } } });
    expect(view.querySelector('[data-slot="pay-stubs"] [part="slot-status"]')!.textContent).toBe(t.analyzing);
  });

  it('deletes after a confirming step', () => {
    const onDelete = vi.fn();
    const view = render({ remove: onDelete });
    act(() => view.querySelector<HTMLButtonElement>('[part="delete"]')!.click());
    expect(onDelete).not.toHaveBeenCalled();
    act(() => view.querySelector<HTMLButtonElement>('[part="delete-confirm"]')!.click());
    expect(onDelete).toHaveBeenCalledWith({ caseId: '7', componentId: '1', documentId: '32', fileName: 'id.png' });
  });

  it('previews images inline and PDFs in a frame, with a link when the page may not frame them', () => {
    let view = render({ preview: { key: '32', kind: 'image', url: image.file, title: 'id.png' } });
    expect(view.querySelector('[part="preview-image"]')!.getAttribute('src')).toBe(image.file);
    const pdfCase = { ...aCase, caseComponents: [slot('2', 'pay-stubs', 'Pay stubs', [doc])] };
    const preview = { key: '31', kind: 'pdf' as const, url: doc.file, title: 'stub.pdf' };
    view = render({ state: { status: 'loaded', cases: [pdfCase] }, preview });
    expect(view.querySelector('[part="preview-frame"]')!.getAttribute('src')).toBe(doc.file);
    expect(view.querySelector('[part="preview-button"]')!.getAttribute('aria-expanded')).toBe('true');
    view = render({ state: { status: 'loaded', cases: [pdfCase] }, preview, frameBlocked: true });
    expect(view.querySelector('[part="preview-frame"]')).toBeNull();
    expect(view.querySelector('[part="preview-link"]')!.getAttribute('href')).toBe(doc.file);
  });

  it('generated PDF: progress text, failure, then preview and download', () => {
    let view = render({ pdfs: { '7': { status: 'generating', id: '5', text: 'Rendering the form…', startedAt: 0 } } });
    expect(view.querySelector('[part="pdf-status"]')!.textContent).toBe('Rendering the form…');
    view = render({ pdfs: { '7': { status: 'failed', text: t.generationFailed } } });
    expect(view.querySelector('[part="pdf-status"]')!.textContent).toBe('Something went wrong');
    const onPreview = vi.fn();
    view = render({ togglePreview: onPreview, pdfs: { '7': { status: 'ready', id: '5', pdf: 'https://api.test/p', attachmentPdf: 'https://api.test/a', downloadName: 'download-2026.3.5.pdf' } } });
    const link = view.querySelector('[part="pdf-download"]')!;
    expect(link.getAttribute('href')).toBe('https://api.test/a');
    expect(link.getAttribute('download')).toBe('download-2026.3.5.pdf');
    act(() => view.querySelector<HTMLButtonElement>('[part="pdf-preview-button"]')!.click());
    expect(onPreview).toHaveBeenCalledWith({ key: 'pdf:7', kind: 'pdf', url: 'https://api.test/p', title: t.pdfTitle('Mortgage pre-qualification') });
  });

  it('signs a ready PDF with the typed name, then offers the signed copy', () => {
    const onSign = vi.fn();
    const ready = { '7': { status: 'ready' as const, id: '5', pdf: 'https://api.test/p', attachmentPdf: 'https://api.test/a', downloadName: 'download-2026.3.5.pdf' } };
    let view = render({ sign: onSign, pdfs: ready });
    const input = view.querySelector<HTMLInputElement>('[part="signer-name"]')!;
    expect(view.querySelector(`label[for="${input.id}"]`)!.textContent).toBe(t.signLabel);
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'Ada Lovelace');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => view.querySelector<HTMLButtonElement>('[part="sign-button"]')!.click());
    expect(onSign).toHaveBeenCalledWith('7', '5', 'Ada Lovelace');
    view = render({ pdfs: ready, signatures: { '7': { status: 'failed', message: 'Type your full name (2 to 120 characters) to sign.' } } });
    expect(view.querySelector('[part="sign"] [role="alert"]')!.textContent).toBe('Type your full name (2 to 120 characters) to sign.');
    view = render({ pdfs: ready, signatures: { '7': { status: 'signed', signedPdf: 'https://api.test/s', signedAt: '2026-03-05T17:00:00.000Z' } } });
    expect(view.querySelector('[part="signed-download"]')!.getAttribute('href')).toBe('https://api.test/s');
  });
});
