/**
 * The frame every widget shares (widget spec §2 common attributes): the title (hu-title) with an
 * asterisk when required, the subtitle, help text / link / image, the error message and the
 * preview-only display. Controls point at the title and the error with aria-labelledby/-describedby.
 */
import { useId, type ReactNode } from 'react';
import { widgetTexts } from '../widgets/texts';
import { attr, flag, type WidgetErrors, type WidgetSpec } from '../widgets/widget';
import { questionnaireImageUrl } from './image-url';

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
  if (spec.tag === 'hu-date' && key === 'invalid') return widgetTexts.errors.invalidDate;
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
  const message = showErrors ? errorMessage(errors, spec) : null;
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
      data-state={message ? 'invalid' : 'valid'}
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
      {previewOnly ? <p className="widget-preview">{preview}</p> : props.children({ ...ids, describedBy: message ? ids.errorId : undefined })}
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
      {message && (
        <p className="widget-error" id={ids.errorId} part="widget-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
