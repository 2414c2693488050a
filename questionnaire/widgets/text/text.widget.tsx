/** hu-text: single or multi-line (types="multiline" or rows), secure toggle, capitalisation (widget spec §2). */
import { useState } from 'react';
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { widgetTexts } from '../texts';
import { attr, flag, list, variablesOf } from '../widget';
import { capitalize, isTextRequired, TEXTAREA_COLS, TEXTAREA_ROWS, textRules } from './text.rules';

function TextWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const variable = variablesOf(spec)[0] ?? '';
  const secure = flag(spec, 'secure');
  const [masked, setMasked] = useState(true);
  const multiline = attr(spec, 'types') === 'multiline' || attr(spec, 'rows') !== undefined;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isTextRequired(spec)} preview={textRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-row">
          <DebouncedInput
            aria-labelledby={ids.titleId}
            aria-describedby={ids.describedBy}
            aria-invalid={showErrors && errors ? true : undefined}
            aria-required={isTextRequired(spec) || undefined}
            multiline={multiline}
            rows={multiline ? Number(attr(spec, 'rows')) || TEXTAREA_ROWS : undefined}
            cols={multiline ? Number(attr(spec, 'cols')) || TEXTAREA_COLS : undefined}
            type={secure && masked ? 'password' : 'text'}
            placeholder={list(attr(spec, 'placeholders'))[0]}
            autoComplete="off"
            value={values[variable] ?? ''}
            onCommit={(value) => onChange({ [variable]: capitalize(spec, value) })}
          />
          {secure && (
            <button type="button" className="widget-toggle" aria-pressed={!masked} onClick={() => setMasked(!masked)} data-state={masked ? 'masked' : 'visible'}>
              {masked ? widgetTexts.show : widgetTexts.hide}
            </button>
          )}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: TextWidget, rules: textRules } satisfies WidgetModule;
