/**
 * hu-generated-document (widget spec §3, §4, §8, §9): the case's PDF, generated when the widget opens
 * (generatePdf of the documents domain) and polled every 2 s for at most 150 s (core/documents/pdf-progress.ts).
 * The status starts 'Generating...', the server's progress text (userStatus) replaces it; when ready the
 * preview shows (a frame where the page's CSP allows one, else a link) and the download button is enabled,
 * saving as download-{year}.{month}.{day}.pdf; a failure says 'Something went wrong'.
 */
import { useEffect, useRef, useState } from 'react';
import { ensureSession } from '../../../core/auth/session';
import { pollPdf, startPdf, type GeneratedPdf } from '../../../core/documents/documents-api';
import { PDF_POLL_MS, pdfAfter, shouldPoll, startedPdf, type PdfState } from '../../../core/documents/pdf-progress';
import type { Result } from '../../../core/graphql/call';
import { useSignalEffect } from '../../../core/state/use-signal-effect';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { caseIdOf } from '../overview/overview.rules';
import { widgetTexts } from '../texts';
import { isRequired } from '../widget';
import { ExpandButton, useFrameBlocked, useWidgetSheet } from '../upload-document/preview';
import css from '../upload-document/upload-document.css?inline';
import { generatedDocumentRules, generatedVariable, storedPdfId } from './generated-document.rules';

const t = widgetTexts.upload;

export interface PdfCalls {
  start(caseId: string): Promise<Result<GeneratedPdf>>;
  poll(id: string): Promise<Result<GeneratedPdf>>;
}

/** Generates (or, with a stored id, follows) the case's PDF until ready, failed or out of time. */
export function usePdfProgress(calls: PdfCalls, caseId: string, storedId: string | null): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'idle' });
  useSignalEffect((signal) => {
    if (!caseId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = startedPdf(Date.now());
    setState(current);
    const step = async (answer: Promise<Result<GeneratedPdf>>) => {
      const result = await answer;
      if (signal.aborted) return;
      current = pdfAfter(current, result.ok ? result.value : null, Date.now());
      setState(current);
      if (shouldPoll(current)) {
        const id = current.id;
        timer = setTimeout(() => void step(calls.poll(id)), PDF_POLL_MS);
      }
    };
    void step(storedId ? calls.poll(storedId) : calls.start(caseId));
    return () => clearTimeout(timer);
    // A stored id is read once, when the widget opens: the PDF it generates then is stored in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [caseId]);
  return state;
}

export function generatedDocumentWidget(calls: PdfCalls) {
  return function GeneratedDocumentWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
    const ref = useRef<HTMLDivElement>(null);
    useWidgetSheet(ref, css);
    const frameBlocked = useFrameBlocked(ref);
    const [expanded, setExpanded] = useState(false);
    const caseId = caseIdOf(spec, values);
    const variable = generatedVariable(spec);
    const state = usePdfProgress(calls, caseId, storedPdfId(spec, values));
    const readyId = state.status === 'ready' ? state.id : null;
    useEffect(() => {
      if (readyId && values[variable] !== readyId) onChange({ [variable]: readyId });
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [readyId]);

    const text = state.status === 'generating' || state.status === 'failed' ? state.text : '';
    return (
      <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={generatedDocumentRules.display(spec, values)}>
        {() => (
          <div className="generated-document" ref={ref} part="generated" data-state={caseId ? state.status : 'no-case'}>
            <p className="upload-message" part="generated-status" role="status">
              {caseId ? text : t.noCase}
            </p>
            {caseId && (
              <>
                <div className="generated-controls">
                  {state.status === 'ready' ? (
                    <a className="widget-toggle" part="download" href={state.attachmentPdf} download={state.downloadName}>
                      {t.download}
                    </a>
                  ) : (
                    <button type="button" className="widget-toggle" part="download" disabled>
                      {t.download}
                    </button>
                  )}
                  <ExpandButton expanded={expanded} disabled={state.status !== 'ready'} onToggle={() => setExpanded((e) => !e)} />
                </div>
                {state.status === 'ready' && (
                  <div className="generated-frame" part="preview" data-expanded={expanded ? 'true' : 'false'} role="region" aria-label={t.generatedPreview} tabIndex={0}>
                    {!frameBlocked && <iframe part="preview-frame" src={state.pdf} title={t.generatedPreview} />}
                    <a part="preview-link" href={state.pdf} target="_blank" rel="noopener noreferrer">
                      {t.openPreview(state.downloadName)}
                    </a>
                  </div>
                )}
              </>
            )}
          </div>
        )}
      </WidgetFrame>
    );
  };
}

/** generatePdf and generatedPdf as the signed-in user (the session restored first). */
const pdfCalls: PdfCalls = {
  start: async (caseId) => {
    await ensureSession();
    return startPdf(caseId);
  },
  poll: async (id) => {
    await ensureSession();
    return pollPdf(id);
  },
};

export default { Widget: generatedDocumentWidget(pdfCalls), rules: generatedDocumentRules } satisfies WidgetModule;
