/** Builds a widget spec from markup, for the rule tests. */
import { parseMarkup } from '../markup/parse';
import { widgetSpecFrom, type WidgetSpec } from './widget';

export function specOf(markup: string): WidgetSpec {
  const [element] = parseMarkup(markup);
  if (!element || element.type !== 'element') throw new Error(`no element in ${markup}`);
  return widgetSpecFrom(element);
}
