/**
 * The frame every widget shares (widget spec §2 common attributes): the title (hu-title) with an
 * asterisk when required, the subtitle, help text / link / image, the error message and the
 * preview-only display. Controls point at the title and the error with aria-labelledby/-describedby.
 */
import { createContext, useContext, useId, type ReactNode } from 'react';
import { IMPLAUSIBLE, UNCONFIRMED } from '../engine/plausible';
import { widgetTexts } from '../widgets/texts';
import { attr, flag, type WidgetErrors, type WidgetSpec } from '../widgets/widget';
import type { WidgetState } from './form';
import { questionnaireImageUrl } from './image-url';

/**
 * What the plausibility rule found of the widget's answer (questionnaire/engine/plausible.ts), given to its
 * frame by the engine that hosts the widget: a refusal shows as its error at once, an unusual answer asks
 * "Is that right?" with Confirm and Change. Widgets inside a widget (a grid's entry form) have none.
 */
export interface AnswerCheck {
  finding: WidgetState['finding'];
  confirm(): void;
}

export const AnswerCheckContext = createContext<AnswerCheck | null>(null);

/** Change: back to the widget's first field, its text selected. */
function focusAnswer(from: HTMLElement) {
  const field = from.closest('.widget')?.querySelector<HTMLInputElement>('input:not([type="hidden"]), select, textarea');
  field?.focus();
  field?.select?.();
}

function Plausibility({ check, id }: { check: AnswerCheck; id: string }) {
  const finding = check.finding!;
  if (finding.level === 'refuse') {
    return (
      <p className="widget-error" id={id} part="widget-error" role="alert" data-finding="refuse">
        {finding.message}
      </p>
    );
  }
  if (finding.confirmed) {
    return (
      <p className="widget-confirmed" id={id} part="widget-confirmed" role="status">
        {widgetTexts.plausibility.confirmed}
      </p>
    );
  }
  return (
    <div className="widget-confirm" part="widget-confirm" role="group" aria-labelledby={id} data-finding="confirm">
      <p id={id} role="alert">
        {finding.message}
      </p>
      <div className="widget-confirm-actions">
        <button type="button" className="button button-primary" part="widget-confirm-button" onClick={check.confirm}>
          {widgetTexts.plausibility.confirm}
        </button>
        <button type="button" className="button button-secondary" part="widget-change-button" onClick={(event) => focusAnswer(event.currentTarget)}>
          {widgetTexts.plausibility.change}
        </button>
      </div>
    </div>
  );
}

export interface FrameIds {
  titleId: string;
  errorId: string;
  /** For aria-describedby on the controls: the error while one shows. */
  describedBy: string | undefined;
}

export function errorMessage(errors: WidgetErrors | null, spec: WidgetSpec): string | null {
  if (!errors) return null;
  const [key] = Object.keys(errors);
  if (!key) return null;
  // A plausibility finding carries its own message (the server's and the client's are the same text).
  if (key === IMPLAUSIBLE || key === UNCONFIRMED) return errors[key] || widgetTexts.errors.invalid;
  if (spec.tag === 'hu-date' && key === 'invalid') return widgetTexts.errors.invalidDate;
  if (spec.tag === 'hu-acknowledge' && key === 'required') return widgetTexts.errors.acknowledge;
  if (key === 'min' || key === 'max') return widgetTexts.errors.invalid;
  return (widgetTexts.errors as Record<string, string>)[key] ?? widgetTexts.errors.invalid;
}

export function WidgetFrame(props: {
  spec: WidgetSpec;
  errors: WidgetErrors | null;
  showErrors: boolean;
  required: boolean;
  /** The answer as text, shown instead of the controls with `preview-only`. */
  preview: string;
  children: (ids: FrameIds) => ReactNode;
}) {
  const { spec, errors, showErrors, required, preview } = props;
  const id = useId();
  const ids = { titleId: `${id}-title`, errorId: `${id}-error` };
  const check = useContext(AnswerCheckContext);
  // A finding shows as soon as there is an answer to judge; it stands for the errors it caused.
  const finding = check?.finding ? check : null;
  const ownErrors = finding && errors && (IMPLAUSIBLE in errors || UNCONFIRMED in errors) ? null : errors;
  const message = showErrors ? errorMessage(ownErrors, spec) : null;
  const describedBy = message || finding ? ids.errorId : undefined;
  const state = message || finding?.finding!.level === 'refuse' ? 'invalid' : finding && !finding.finding!.confirmed ? 'unconfirmed' : 'valid';
  const title = attr(spec, 'hu-title');
  const subtitle = attr(spec, 'subtitle');
  const helptext = attr(spec, 'helptext');
  const helplink = attr(spec, 'helplink');
  const helpimg = attr(spec, 'helpimg');
  const previewOnly = flag(spec, 'preview-only');
  return (
    <div
      className="widget"
      part="widget"
      role="group"
      aria-labelledby={title ? ids.titleId : undefined}
      data-widget={spec.tag}
      data-key={spec.key}
      data-state={state}
    >
      {title && (
        <p className="widget-title" id={ids.titleId} part="widget-title">
          {title}
          {required && !previewOnly && (
            <span className="widget-required" aria-hidden="true">
              {' '}*
            </span>
          )}
        </p>
      )}
      {subtitle && <p className="widget-subtitle">{subtitle}</p>}
      {previewOnly ? (
        <p className="widget-preview">{preview}</p>
      ) : (
        // Widgets inside this one are judged by their own host, not by this widget's finding.
        <AnswerCheckContext.Provider value={null}>{props.children({ ...ids, describedBy })}</AnswerCheckContext.Provider>
      )}
      {(helptext || helplink || helpimg) && (
        <div className="widget-help" part="widget-help">
          {helptext && <p>{helptext}</p>}
          {helpimg && <img src={questionnaireImageUrl(helpimg)} alt="" />}
          {helplink && (
            <a href={helplink} target="_blank" rel="noopener noreferrer">
              {widgetTexts.help}
            </a>
          )}
        </div>
      )}
      {finding && !message && !previewOnly && <Plausibility check={finding} id={ids.errorId} />}
      {message && (
        <p className="widget-error" id={ids.errorId} part="widget-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
