/**
 * A choice of two that writes two variables (widget spec §3): the chosen one Yes, the other Off.
 * Boolean (Yes / No) and gender (Female / Male) are both this.
 */
import { isRequired, OFF, valueOf, variablesOf, YES, type Values, type WidgetErrors, type WidgetRules } from '../widget';

export function pairRules(labels: readonly [string, string]): WidgetRules {
  const chosen = (first: string, second: string): 0 | 1 | null => (first === YES ? 0 : second === YES ? 1 : null);
  return {
    variables: (spec) => variablesOf(spec).slice(0, 2),
    normalize: (spec, values) => {
      const [a, b] = variablesOf(spec);
      if (!a || !b) return {};
      const [va, vb] = [valueOf(values, a), valueOf(values, b)];
      const out: Values = {};
      out[a] = va === YES || va === OFF ? va : '';
      out[b] = vb === YES || vb === OFF ? vb : '';
      return out;
    },
    validate: (spec, values): WidgetErrors | null => {
      const [a, b] = variablesOf(spec);
      const [va, vb] = [valueOf(values, a), valueOf(values, b)];
      if (va === YES && vb === YES) return { invalid: 'true' };
      if (chosen(va, vb) === null) return isRequired(spec) ? { required: 'true' } : null;
      return null;
    },
    hasValue: (spec, values) => {
      const [a, b] = variablesOf(spec);
      return chosen(valueOf(values, a), valueOf(values, b)) !== null;
    },
    display: (spec, values) => {
      const [a, b] = variablesOf(spec);
      const which = chosen(valueOf(values, a), valueOf(values, b));
      return which === null ? '' : labels[which];
    },
  };
}

/** The two variables' values for choosing option 0 or 1. */
export const choosePair = (which: 0 | 1): [string, string] => (which === 0 ? [YES, OFF] : [OFF, YES]);
