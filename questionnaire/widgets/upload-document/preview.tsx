/**
 * What the upload and generated-document widgets share: their stylesheet adopted into the questionnaire's
 * shadow root, whether the page's CSP refuses to frame our PDFs, the preview of a document and its
 * Expand/Collapse button.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { sheetFor } from '../../../core/define-element/styles';
import { previewKind } from '../../../core/documents/use-documents';
import { widgetTexts } from '../texts';
import type { ShownDocument } from './upload-document-api';

const t = widgetTexts.upload;

/** Adopts the widget's stylesheet into the shadow root it renders in (adopted, never injected: strict CSP). */
export function useWidgetSheet(ref: RefObject<HTMLElement | null>, text: string) {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot)) return;
    const sheet = sheetFor(text);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, [ref, text]);
}

/** Set once the page's CSP refuses to frame our PDFs: the preview offers a link instead. */
export function useFrameBlocked(ref: RefObject<HTMLElement | null>): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const doc = ref.current?.ownerDocument;
    if (!doc) return;
    const listener = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'frame-src' || event.effectiveDirective === 'child-src') setBlocked(true);
    };
    doc.addEventListener('securitypolicyviolation', listener);
    return () => doc.removeEventListener('securitypolicyviolation', listener);
  }, [ref]);
  return blocked;
}

/** 'Expand' / 'Collapse' of the preview (`controls`: the id of the preview's box). */
export function ExpandButton(props: { expanded: boolean; controls?: string; disabled: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      className="widget-toggle"
      part="expand-button"
      aria-expanded={props.expanded}
      aria-controls={props.controls}
      disabled={props.disabled}
      onClick={props.onToggle}
    >
      {props.expanded ? t.collapse : t.expand}
    </button>
  );
}

export function DocumentPreview({ document, expanded, frameBlocked, title }: { document: ShownDocument; expanded: boolean; frameBlocked: boolean; title: string }) {
  const kind = previewKind(document.contentType);
  return (
    <div className="upload-preview" part="preview" data-kind={kind} data-expanded={expanded ? 'true' : 'false'}>
      {kind === 'image' ? (
        <img part="preview-image" src={document.file} alt={title} />
      ) : kind === 'pdf' && !frameBlocked ? (
        <iframe part="preview-frame" src={document.file} title={title} />
      ) : null}
      {kind !== 'image' && (
        <a part="preview-link" href={document.file} target="_blank" rel="noopener noreferrer">
          {t.openPreview(document.fileName)}
        </a>
      )}
    </div>
  );
}
