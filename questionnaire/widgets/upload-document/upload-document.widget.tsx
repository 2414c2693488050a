/**
 * hu-upload-document (widget spec §2, §4, §5, §7, §8, §9): a file chooser ('Choose a file to upload...' or,
 * once a document is there, 'Update your file:'), 'Upload File' / 'Update File', a preview frame (image or
 * PDF through the document's signed link, at most 600 px tall) with Expand/Collapse (disabled with no preview
 * or while uploading), 'Nothing has been uploaded yet.' and the overlay 'Analyzing Image Data' while
 * uploading. The slot's latest document is fetched on open. Toasts: 'Document was saved.', each server error,
 * 'Something went wrong while trying to upload.', and the info 'Please choose a file for upload.'.
 *
 * With `passport`, the server reads the machine-readable zone of the uploaded photo and the five passport
 * fields are filled (editable, in case a character needs fixing); the verified checkbox starts unticked and
 * must be ticked. An unreadable zone gives its message and keeps the upload.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { previewKind } from '../../../core/documents/use-documents';
import type { Result } from '../../../core/graphql/call';
import { useLoad } from '../../../core/graphql/use-load';
import { documentTexts } from '../../../core/i18n/documents';
import { InlineAlert } from '../../../core/ui/inline-alert';
import { showToast } from '../../../core/ui/toasts';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { caseIdOf } from '../overview/overview.rules';
import { widgetTexts } from '../texts';
import { flag, valueOf, type Values } from '../widget';
import { DocumentPreview, ExpandButton, useFrameBlocked, useWidgetSheet } from './preview';
import { uploadCalls, type ShownDocument, type UploadCalls } from './upload-document-api';
import css from './upload-document.css?inline';
import {
  canExpand,
  componentKey,
  documentVariable,
  FALSE,
  isPassportMode,
  PASSPORT_FIELDS,
  TRUE,
  uploadDocumentRules,
  valuesAfterUpload,
  verifiedVariable,
  type UploadState,
} from './upload-document.rules';

const t = widgetTexts.upload;
const d = documentTexts;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,application/pdf,image/jpeg,image/png,image/webp,image/heic';
const PASSPORT_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** The server's refusal as its message, else the spec's generic upload failure. */
const failureText = (result: Extract<Result<unknown>, { ok: false }>) => result.failure.message ?? d.uploadFailed;

type Slot = { status: 'no-case' } | { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; componentId: string };

export function uploadDocumentWidget(calls: UploadCalls) {
  return function UploadDocumentWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
    const ref = useRef<HTMLDivElement>(null);
    useWidgetSheet(ref, css);
    const frameBlocked = useFrameBlocked(ref);
    const inputId = useId();
    const previewId = useId();
    const input = useRef<HTMLInputElement>(null);
    const passport = isPassportMode(spec);
    const caseId = caseIdOf(spec, values);
    const component = componentKey(spec);

    const loaded = useLoad(caseId && component ? `${caseId}|${component}` : null, () => calls.loadSlot(caseId, component));
    const [document, setDocument] = useState<ShownDocument | null>(null);
    const [state, setState] = useState<UploadState>('none');
    const [expanded, setExpanded] = useState(false);
    const [passportMessage, setPassportMessage] = useState<string | null>(null);
    const [reading, setReading] = useState(false);

    // The latest document of the slot, once loaded (a later upload replaces it).
    useEffect(() => {
      if (loaded.result?.ok) {
        setDocument(loaded.result.value.document);
        setState(loaded.result.value.document ? 'saved' : 'none');
      }
    }, [loaded.result]);

    const slot: Slot = !caseId || !component
      ? { status: 'no-case' }
      : !loaded.result
        ? { status: 'loading' }
        : loaded.result.ok
          ? { status: 'ready', componentId: loaded.result.value.componentId }
          : { status: 'failed', message: loaded.result.failure.message ?? t.loadFailed };

    const hasDocument = document !== null || valueOf(values, documentVariable(spec)) !== '';
    const uploading = state === 'uploading';

    async function readPassport(documentId: string) {
      setReading(true);
      const result = await calls.extractPassport(documentId);
      setReading(false);
      if (!result.ok) return setPassportMessage(result.failure.message ?? d.uploadFailed);
      if (!result.value.valid) return setPassportMessage(result.value.message);
      setPassportMessage(null);
      onChange({ ...result.value.values, [verifiedVariable(spec)]: FALSE });
    }

    async function upload() {
      const file = input.current?.files?.[0];
      if (!file) return void showToast({ message: d.noFileChosen, tone: 'info' });
      if (slot.status !== 'ready' || uploading) return;
      setState('uploading');
      setPassportMessage(null);
      const result = await calls.upload(file, document ? { documentId: document.id } : { componentId: slot.componentId, caseId });
      if (!result.ok) {
        setState('failed');
        showToast({ message: failureText(result), tone: 'error' });
        return;
      }
      setDocument(result.value);
      setState('saved');
      if (input.current) input.current.value = '';
      onChange(valuesAfterUpload(spec, result.value.id));
      showToast({ message: d.documentSaved, tone: 'success' });
      if (passport) await readPassport(result.value.id);
    }

    const title = document ? t.uploaded(document.fileName) : t.preview;
    const expandable = canExpand(state, document !== null && previewKind(document.contentType) !== 'none');
    return (
      <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={flag(spec, 'required', true)} preview={uploadDocumentRules.display(spec, values)}>
        {(ids) => (
          <div className="upload-document" ref={ref} part="upload" data-state={state} aria-busy={uploading || reading || undefined}>
            {slot.status === 'no-case' ? (
              <p className="upload-message" role="status">
                {t.noCase}
              </p>
            ) : slot.status === 'failed' ? (
              <p className="upload-message" role="alert">
                {slot.message}
              </p>
            ) : (
              <>
                <div className="upload-controls">
                  <label htmlFor={inputId}>{hasDocument ? d.updateYourFile : d.chooseFile}</label>
                  <input
                    id={inputId}
                    ref={input}
                    type="file"
                    part="file-input"
                    accept={passport ? PASSPORT_ACCEPT : ACCEPT}
                    disabled={uploading || slot.status === 'loading'}
                    aria-describedby={ids.describedBy}
                  />
                  <button type="button" className="widget-toggle upload-button" part="upload-button" disabled={slot.status === 'loading'} aria-disabled={uploading || undefined} onClick={() => void upload()}>
                    {hasDocument ? d.updateFile : d.uploadFile}
                  </button>
                  <ExpandButton expanded={expanded} controls={previewId} disabled={!expandable} onToggle={() => setExpanded((e) => !e)} />
                </div>
                {/* Scrolls when the document is taller than the frame: focusable, so the keyboard scrolls it too. */}
                <div className="upload-frame" id={previewId} part="preview-frame-box" data-expanded={expanded ? 'true' : 'false'} role="region" aria-label={title} tabIndex={0}>
                  {document ? (
                    <DocumentPreview document={document} expanded={expanded} frameBlocked={frameBlocked} title={title} />
                  ) : (
                    <p className="upload-empty">{slot.status === 'loading' ? '' : d.nothingUploaded}</p>
                  )}
                  {uploading && (
                    <div className="upload-overlay" part="overlay" role="status">
                      {d.analyzing}
                    </div>
                  )}
                </div>
                {passport && (
                  <PassportFields
                    spec={spec}
                    values={values}
                    onChange={onChange}
                    reading={reading}
                    message={passportMessage}
                    enabled={hasDocument && !uploading && !reading}
                  />
                )}
              </>
            )}
          </div>
        )}
      </WidgetFrame>
    );
  };
}

function PassportFields(props: { spec: WidgetProps['spec']; values: Values; onChange(values: Values): void; reading: boolean; message: string | null; enabled: boolean }) {
  const { spec, values, onChange } = props;
  const id = useId();
  const verified = verifiedVariable(spec);
  return (
    <div className="upload-passport" part="passport">
      <p className="upload-message" role="status">
        {props.reading ? t.readingPassport : ''}
      </p>
      <InlineAlert className="upload-message upload-passport-error" part="passport-message" message={props.message} />
      <div className="upload-passport-fields">
        {PASSPORT_FIELDS.map((variable) => (
          <label key={variable} className="upload-passport-field">
            <span>{t.passportFields[variable]}</span>
            <input
              type="text"
              part="passport-field"
              data-variable={variable}
              value={valueOf(values, variable)}
              disabled={!props.enabled}
              onChange={(event) => onChange({ [variable]: event.currentTarget.value, [verified]: FALSE })}
            />
          </label>
        ))}
      </div>
      <div className="upload-verified">
        <input
          id={`${id}-verified`}
          type="checkbox"
          part="verified"
          checked={valueOf(values, verified) === TRUE}
          disabled={!props.enabled}
          onChange={(event) => onChange({ [verified]: event.currentTarget.checked ? TRUE : FALSE })}
        />
        <label htmlFor={`${id}-verified`}>{t.verified}</label>
      </div>
    </div>
  );
}

export default { Widget: uploadDocumentWidget(uploadCalls), rules: uploadDocumentRules } satisfies WidgetModule;
