/** The view of a choice of two writing two variables (boolean, gender). */
import { useId } from 'react';
import { ChoiceButtons } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetProps } from '../../client/widget-module';
import { isRequired, variablesOf, YES, type WidgetRules } from '../widget';
import { choosePair } from './pair';

export function PairWidget({ spec, values, onChange, errors, showErrors, labels, rules }: WidgetProps & { labels: readonly [string, string]; rules: WidgetRules }) {
  const [a = '', b = ''] = variablesOf(spec);
  const name = useId();
  const chosen = values[a] === YES ? 0 : values[b] === YES ? 1 : null;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={rules.display(spec, values)}>
      {(ids) => (
        <ChoiceButtons
          name={name}
          labels={labels}
          chosen={chosen}
          labelledBy={ids.titleId}
          describedBy={ids.describedBy}
          onChoose={(which) => {
            const [va, vb] = choosePair(which);
            onChange({ [a]: va, [b]: vb });
          }}
        />
      )}
    </WidgetFrame>
  );
}
