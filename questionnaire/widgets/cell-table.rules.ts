/** The rules the tables of count cells share (hu-floor-grid, hu-workforce-table): one variable a cell. */
import { valueOf, type Values, type WidgetRules, type WidgetSpec } from './widget';

/** A table's cells as rules: its variables, each answer trimmed, answered once any cell is. */
export function cellTableRules(variables: (spec: WidgetSpec) => string[]): Pick<WidgetRules, 'variables' | 'normalize' | 'hasValue'> {
  return {
    variables,
    normalize: (spec, values) => {
      const out: Values = {};
      for (const variable of variables(spec)) out[variable] = valueOf(values, variable).trim();
      return out;
    },
    hasValue: (spec, values) => variables(spec).some((v) => valueOf(values, v) !== ''),
  };
}
