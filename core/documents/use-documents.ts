/**
 * Behaviour of <hearth-documents>: follow the session (signed out → a sign-in prompt), load the viewer's cases
 * with their slots (myDocuments, or one case with `case-id`), upload / replace / delete files in slots with
 * a per-slot status and the server's refusal as its message, show one preview at a time, and generate a
 * case's PDF, polled every 2 s (spec §4) until ready or 150 s have passed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ElementHandle } from '../define-element/define-element';
import { useSignedInLoad } from '../graphql/use-signed-in-load';
import { documentTexts as t } from '../i18n/documents';
import { deleteDocument, loadMyDocuments, pollPdf, signPdf, startPdf, uploadDocument, type DocumentCase } from './documents-api';
import { PDF_POLL_MS, pdfAfter, shouldPoll, startedPdf, type PdfState } from './pdf-progress';

export type DocumentsState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'loaded'; cases: DocumentCase[] }
  | { status: 'failed' };

export type SlotStatus = { status: 'idle' } | { status: 'uploading' } | { status: 'saved'; message: string } | { status: 'failed'; message: string };

export interface Preview {
  key: string;
  kind: 'pdf' | 'image' | 'none';
  url: string;
  title: string;
}

/** Detail of hearth-document-uploaded / hearth-document-deleted. */
export interface DocumentChangedDetail {
  caseId: string;
  componentId: string;
  documentId: string;
  fileName: string;
}

/** Detail of hearth-pdf-generated. */
/** Detail of hearth-pdf-signed. */
export interface PdfSignedDetail {
  caseId: string;
  generatedPdfId: string;
  signedAt: string;
}

/** Detail of hearth-pdf-generated. */
export interface PdfGeneratedDetail {
  caseId: string;
  generatedPdfId: string;
}

export type SignState = { status: 'idle' } | { status: 'signing' } | { status: 'signed'; signedPdf: string; signedAt: string } | { status: 'failed'; message: string };

export const previewKind = (contentType: string): Preview['kind'] =>
  contentType === 'application/pdf' ? 'pdf' : ['image/jpeg', 'image/png', 'image/webp'].includes(contentType) ? 'image' : 'none';

export function useDocuments(caseId: number | null, element: ElementHandle) {
  const { state: load, reload, signIn } = useSignedInLoad(`${caseId ?? ''}`, () => loadMyDocuments(caseId));
  const state: DocumentsState = load.status === 'loaded' ? { status: 'loaded', cases: load.value } : load.status === 'failed' ? { status: 'failed' } : load;

  const [slots, setSlots] = useState<Record<string, SlotStatus>>({});
  const setSlot = (key: string, status: SlotStatus) => setSlots((all) => ({ ...all, [key]: status }));

  const upload = useCallback(
    async (target: { caseId: string; componentId: string; documentId: string | null }, file: File | null) => {
      const key = `${target.caseId}:${target.componentId}`;
      if (!file) return setSlot(key, { status: 'failed', message: t.noFileChosen });
      setSlot(key, { status: 'uploading' });
      const answer = await uploadDocument(file, target.documentId ? { documentId: target.documentId } : { componentId: target.componentId, caseId: target.caseId });
      if (!answer.ok) {
        const message = answer.failure.code === 'PAYLOAD_TOO_LARGE' ? `“${file.name}” is larger than 5 MB.` : (answer.failure.message ?? t.uploadFailed);
        return setSlot(key, { status: 'failed', message });
      }
      setSlot(key, { status: 'saved', message: t.documentSaved });
      element.emit<DocumentChangedDetail>('document-uploaded', {
        caseId: target.caseId,
        componentId: target.componentId,
        documentId: answer.value.id,
        fileName: answer.value.fileName,
      });
      reload();
    },
    [element, reload],
  );

  const remove = useCallback(
    async (target: { caseId: string; componentId: string; documentId: string; fileName: string }) => {
      const key = `${target.caseId}:${target.componentId}`;
      const answer = await deleteDocument(target.documentId);
      if (!answer.ok) return setSlot(key, { status: 'failed', message: answer.failure.message ?? t.uploadFailed });
      setSlot(key, { status: 'saved', message: t.deleted });
      setPreview((open) => (open?.key === target.documentId ? null : open));
      element.emit<DocumentChangedDetail>('document-deleted', target);
      reload();
    },
    [element, reload],
  );

  const [preview, setPreview] = useState<Preview | null>(null);
  const togglePreview = useCallback((next: Preview) => setPreview((open) => (open?.key === next.key ? null : next)), []);

  // Generated PDFs, per case.
  const [pdfs, setPdfs] = useState<Record<string, PdfState>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);
  const generate = useCallback(
    async (forCase: string) => {
      clearTimeout(timers.current.get(forCase));
      let current = startedPdf(Date.now());
      setPdfs((all) => ({ ...all, [forCase]: current }));
      setSignatures((all) => ({ ...all, [forCase]: { status: 'idle' } }));
      const started = await startPdf(forCase);
      current = pdfAfter(current, started.ok ? started.value : null, Date.now());
      setPdfs((all) => ({ ...all, [forCase]: current }));
      const step = () => {
        if (!shouldPoll(current)) {
          if (current.status === 'ready') element.emit<PdfGeneratedDetail>('pdf-generated', { caseId: forCase, generatedPdfId: current.id });
          return;
        }
        const id = current.id;
        timers.current.set(
          forCase,
          setTimeout(async () => {
            const answer = await pollPdf(id);
            current = pdfAfter(current, answer.ok ? answer.value : null, Date.now());
            setPdfs((all) => ({ ...all, [forCase]: current }));
            step();
          }, PDF_POLL_MS),
        );
      };
      step();
    },
    [element],
  );

  // Electronic signatures, per case (of its ready PDF).
  const [signatures, setSignatures] = useState<Record<string, SignState>>({});
  const sign = useCallback(
    async (forCase: string, pdfId: string, signerName: string, drawing: string | null = null) => {
      setSignatures((all) => ({ ...all, [forCase]: { status: 'signing' } }));
      const answer = await signPdf(pdfId, signerName, drawing);
      const next: SignState = answer.ok
        ? { status: 'signed', signedPdf: answer.value.signedPdf, signedAt: answer.value.signedAt }
        : { status: 'failed', message: answer.failure.message ?? t.signFailed };
      setSignatures((all) => ({ ...all, [forCase]: next }));
      if (answer.ok) element.emit<PdfSignedDetail>('pdf-signed', { caseId: forCase, generatedPdfId: pdfId, signedAt: answer.value.signedAt });
    },
    [element],
  );

  return { state, reload, signIn, slots, upload, remove, preview, togglePreview, pdfs, generate, signatures, sign };
}
