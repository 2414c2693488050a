/**
 * <hearth-documents>: the viewer's documents, grouped by case (spec §3 Case component, §7 myDocuments): each
 * slot with its files (preview, download, delete) and an upload or replace control; per case a 'Generate PDF'
 * button with the server's progress text, then a preview and a download of the PDF with the documents
 * appended. `DocumentsView` only renders what it is given; `Documents` connects it to core/documents.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import type { DocumentCase, DocumentSlot, UploadedDocument } from '../../core/documents/documents-api';
import type { PdfState } from '../../core/documents/pdf-progress';
import { previewKind, useDocuments, type DocumentsState, type Preview, type SignState, type SlotStatus } from '../../core/documents/use-documents';
import { documentTexts as t } from '../../core/i18n/documents';
import { signatureTexts as st } from '../../core/i18n/signature';
import { Button } from '../../core/ui/button';
import { MessageAction, StatusPanel } from '../../core/ui/status-panel';
import { SignaturePad } from './signature-pad';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,application/pdf,image/jpeg,image/png,image/webp,image/heic';

export interface DocumentsViewProps {
  state: DocumentsState;
  slots: Record<string, SlotStatus>;
  preview: Preview | null;
  pdfs: Record<string, PdfState>;
  signatures: Record<string, SignState>;
  /** Set when the page's CSP refused to frame a PDF: the preview offers a link instead. */
  frameBlocked: boolean;
  signIn: () => void;
  reload: () => void;
  upload: (target: { caseId: string; componentId: string; documentId: string | null }, file: File | null) => void;
  remove: (target: { caseId: string; componentId: string; documentId: string; fileName: string }) => void;
  togglePreview: (preview: Preview) => void;
  generate: (caseId: string) => void;
  /** `drawing`: the drawn signature as a PNG data URL; absent for a typed one. */
  sign: (caseId: string, generatedPdfId: string, signerName: string, drawing?: string) => void;
}

const dayText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function PreviewPanel({ preview, frameBlocked }: { preview: Preview; frameBlocked: boolean }) {
  return (
    <div className="documents-preview" part="preview" data-kind={preview.kind}>
      {preview.kind === 'image' ? (
        <img part="preview-image" src={preview.url} alt={preview.title} />
      ) : preview.kind === 'pdf' && !frameBlocked ? (
        <iframe part="preview-frame" src={preview.url} title={preview.title} />
      ) : null}
      {preview.kind !== 'image' && (
        <a part="preview-link" href={preview.url} target="_blank" rel="noopener noreferrer">
          {t.openInNewTab(preview.title)}
        </a>
      )}
    </div>
  );
}

function DocumentRow({ c, slot, doc, props }: { c: DocumentCase; slot: DocumentSlot; doc: UploadedDocument; props: DocumentsViewProps }) {
  const [confirming, setConfirming] = useState(false);
  const previewId = useId();
  const open = props.preview?.key === doc.id;
  const kind = previewKind(doc.contentType);
  return (
    <li className="document" part="document" data-document-id={doc.id}>
      <div className="document-line">
        <span className="document-name">{doc.fileName}</span>
        <span className="document-meta">{t.uploadedOn(dayText(doc.modified))}</span>
      </div>
      <div className="document-actions">
        {kind !== 'none' && (
          <Button tone="secondary" part="preview-button" aria-expanded={open} aria-controls={previewId} onClick={() => props.togglePreview({ key: doc.id, kind, url: doc.file, title: doc.fileName })}>
            {open ? t.closePreview : t.previewPdf}
          </Button>
        )}
        <a className="button button-secondary" part="download" href={doc.downloadUrl} download={doc.fileName}>
          {t.download}
        </a>
        {confirming ? (
          <span className="document-confirm" role="group" aria-label={t.deleteConfirm(doc.fileName)}>
            <span>{t.deleteConfirm(doc.fileName)}</span>
            <Button
              tone="primary"
              part="delete-confirm"
              onClick={() => {
                setConfirming(false);
                props.remove({ caseId: c.id, componentId: slot.id, documentId: doc.id, fileName: doc.fileName });
              }}
            >
              {t.delete}
            </Button>
            <Button tone="secondary" onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
          </span>
        ) : (
          <Button tone="secondary" part="delete" aria-label={`${t.delete} ${doc.fileName}`} onClick={() => setConfirming(true)}>
            {t.delete}
          </Button>
        )}
      </div>
      {doc.translatedDocument && (
        <p className="document-meta">
          {t.translation}:{' '}
          <a href={doc.translatedDocument.downloadUrl} download={doc.translatedDocument.fileName}>
            {doc.translatedDocument.fileName}
          </a>
        </p>
      )}
      <div id={previewId}>{open && props.preview && <PreviewPanel preview={props.preview} frameBlocked={props.frameBlocked} />}</div>
    </li>
  );
}

function Slot({ c, slot, props }: { c: DocumentCase; slot: DocumentSlot; props: DocumentsViewProps }) {
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const key = `${c.id}:${slot.id}`;
  const status = props.slots[key] ?? { status: 'idle' };
  const latest = slot.uploadedDocuments[0] ?? null;
  const generated = slot.component.type === 'GENERATED_DOCUMENT';
  /** The file chosen and not yet sent: shown, so Upload File is the evident next step (issue 36). */
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <li className="slot" part="slot" data-slot={slot.component.id} data-state={status.status} aria-labelledby={headingId}>
      <div className="slot-head">
        <h3 id={headingId} className="slot-name">
          {slot.name}
        </h3>
        <span className="slot-badge" data-required={slot.required}>
          {slot.required ? t.required : t.optional}
        </span>
      </div>
      {generated ? (
        <p className="documents-message">{t.generatedSlot}</p>
      ) : (
        <>
          {slot.uploadedDocuments.length === 0 ? (
            <p className="documents-message">{t.nothingUploaded}</p>
          ) : (
            <ul className="document-list">
              {slot.uploadedDocuments.map((doc) => (
                <DocumentRow key={doc.id} c={c} slot={slot} doc={doc} props={props} />
              ))}
            </ul>
          )}
          <div className="slot-upload" part="upload">
            <label htmlFor={inputId}>{latest ? t.updateYourFile : t.chooseFile}</label>
            <input
              id={inputId}
              ref={input}
              type="file"
              accept={ACCEPT}
              part="file-input"
              aria-describedby={`${inputId}-status`}
              onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
            />
            <Button
              tone="primary"
              part="upload-button"
              data-ready={chosen !== null || undefined}
              busy={status.status === 'uploading'}
              onClick={() => {
                const file = input.current?.files?.[0] ?? null;
                props.upload({ caseId: c.id, componentId: slot.id, documentId: latest?.id ?? null }, file);
                if (input.current) input.current.value = '';
                setChosen(null);
              }}
            >
              {latest ? t.updateFile : t.uploadFile}
            </Button>
          </div>
          {status.status === 'uploading' ? <progress className="slot-progress" part="upload-progress" aria-label={t.analyzing} /> : null}
          <p
            id={`${inputId}-status`}
            className="slot-status"
            part="slot-status"
            data-state={status.status}
            role={status.status === 'failed' ? 'alert' : 'status'}
          >
            {status.status === 'uploading' ? t.analyzing : chosen !== null ? t.chosenFile(chosen) : status.status === 'idle' ? '' : status.message}
          </p>
        </>
      )}
    </li>
  );
}

function GeneratePdf({ c, props }: { c: DocumentCase; props: DocumentsViewProps }) {
  const pdf = props.pdfs[c.id] ?? { status: 'idle' };
  const previewId = useId();
  const key = `pdf:${c.id}`;
  const open = props.preview?.key === key;
  return (
    <div className="documents-pdf" part="pdf" data-state={pdf.status}>
      <Button tone="primary" part="generate" busy={pdf.status === 'generating'} onClick={() => props.generate(c.id)}>
        {pdf.status === 'ready' || pdf.status === 'failed' ? t.regeneratePdf : t.generatePdf}
      </Button>
      <p className="pdf-status" part="pdf-status" role={pdf.status === 'failed' ? 'alert' : 'status'} data-state={pdf.status}>
        {pdf.status === 'generating' || pdf.status === 'failed' ? pdf.text : pdf.status === 'ready' ? t.generationReady : ''}
      </p>
      {pdf.status === 'ready' && (
        <div className="document-actions">
          <Button tone="secondary" part="pdf-preview-button" aria-expanded={open} aria-controls={previewId} onClick={() => props.togglePreview({ key, kind: 'pdf', url: pdf.pdf, title: t.pdfTitle(c.applicationType.name) })}>
            {open ? t.closePreview : t.previewPdf}
          </Button>
          <a className="button button-primary" part="pdf-download" href={pdf.attachmentPdf} download={pdf.downloadName}>
            {t.downloadPdf}
          </a>
        </div>
      )}
      <div id={previewId}>{open && props.preview && <PreviewPanel preview={props.preview} frameBlocked={props.frameBlocked} />}</div>
      {pdf.status === 'ready' && <SignPdf caseId={c.id} pdfId={pdf.id} sign={props.signatures[c.id] ?? { status: 'idle' }} onSign={props.sign} />}
    </div>
  );
}

function SignPdf({ caseId, pdfId, sign, onSign }: { caseId: string; pdfId: string; sign: SignState; onSign: DocumentsViewProps['sign'] }) {
  const inputId = useId();
  const methodName = useId();
  const [name, setName] = useState('');
  const [method, setMethod] = useState<'typed' | 'drawn'>('typed');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [padError, setPadError] = useState(false);
  const onDrawing = useCallback((png: string | null) => {
    setDrawing(png);
    if (png) setPadError(false);
  }, []);
  if (sign.status === 'signed') {
    return (
      <div className="documents-sign" part="sign" data-state="signed">
        <p className="pdf-status" role="status">
          {t.signed(new Date(sign.signedAt).toLocaleString())}
        </p>
        <a className="button button-primary" part="signed-download" href={sign.signedPdf}>
          {t.downloadSigned}
        </a>
      </div>
    );
  }
  return (
    <form
      className="documents-sign"
      part="sign"
      data-state={sign.status}
      data-method={method}
      onSubmit={(event) => {
        event.preventDefault();
        if (method === 'typed') return onSign(caseId, pdfId, name);
        if (!drawing) return setPadError(true);
        onSign(caseId, pdfId, name, drawing);
      }}
    >
      <fieldset className="signature-method" part="signature-method">
        <legend>{st.method}</legend>
        {(['typed', 'drawn'] as const).map((value) => (
          <label key={value}>
            <input type="radio" name={methodName} value={value} checked={method === value} onChange={() => setMethod(value)} /> {st[value]}
          </label>
        ))}
      </fieldset>
      {method === 'drawn' ? (
        <>
          <SignaturePad onChange={onDrawing} />
          <p className="slot-status">{st.drawnHint}</p>
        </>
      ) : null}
      <label htmlFor={inputId}>{t.signLabel}</label>
      <div className="slot-upload">
        <input id={inputId} part="signer-name" type="text" autoComplete="name" value={name} maxLength={120} onChange={(event) => setName(event.currentTarget.value)} />
        <Button tone="primary" type="submit" part="sign-button" busy={sign.status === 'signing'}>
          {sign.status === 'signing' ? t.signing : t.signPdf}
        </Button>
      </div>
      <p className="slot-status" data-state={padError ? 'failed' : sign.status} role={sign.status === 'failed' || padError ? 'alert' : 'status'}>
        {padError ? st.empty : sign.status === 'failed' ? sign.message : ''}
      </p>
    </form>
  );
}

function CaseSection({ c, props }: { c: DocumentCase; props: DocumentsViewProps }) {
  const headingId = useId();
  return (
    <section className="documents-case" part="case" data-case-id={c.id} aria-labelledby={headingId}>
      <h2 id={headingId} className="documents-heading">
        {t.caseTitle(c.applicationType.name, c.id, c.home)}
      </h2>
      <ul className="slot-list">
        {c.caseComponents.map((slot) => (
          <Slot key={slot.id} c={c} slot={slot} props={props} />
        ))}
      </ul>
      <GeneratePdf c={c} props={props} />
    </section>
  );
}

export function DocumentsView(props: DocumentsViewProps) {
  const { state } = props;
  if (state.status === 'checking' || state.status === 'loading') return <StatusPanel block="documents" state={{ status: 'loading', message: t.loading }} />;
  if (state.status === 'signed-out')
    return <StatusPanel block="documents" state={{ status: 'signed-out', message: t.signInNeeded, action: t.signIn, onAction: props.signIn }} />;
  if (state.status === 'failed') return <StatusPanel block="documents" state={{ status: 'failed', message: t.loadFailed, action: t.retry, onAction: props.reload }} />;
  if (state.cases.length === 0) {
    return (
      <div className="documents" part="base" data-state="empty">
        <MessageAction className="documents-message" message={t.empty} action={null} />
      </div>
    );
  }
  return (
    <div className="documents" part="base" data-state="loaded">
      {state.cases.map((c) => (
        <CaseSection key={c.id} c={c} props={props} />
      ))}
    </div>
  );
}

export interface DocumentsProps {
  caseId: number | null;
  element: ElementHandle;
}

export function Documents({ caseId, element }: DocumentsProps) {
  const behaviour = useDocuments(caseId, element);
  const [frameBlocked, setFrameBlocked] = useState(false);
  useEffect(() => {
    const doc = element.host.ownerDocument;
    const listener = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'frame-src' || event.effectiveDirective === 'child-src') setFrameBlocked(true);
    };
    doc.addEventListener('securitypolicyviolation', listener);
    return () => doc.removeEventListener('securitypolicyviolation', listener);
  }, [element]);
  return <DocumentsView {...behaviour} frameBlocked={frameBlocked} />;
}
