/**
 * What the client needs of the flow without the widgets' rules (which flow.ts validates with, and which
 * pull every widget's rules — phone numbers' metadata included — into a chunk): a screen's widget elements
 * and the visibility rule of widget spec §4.
 */
import type { MarkupElement, MarkupNode } from '../markup/parse';
import { isWidgetTag } from '../widgets/tags';
import { list, YES } from '../widgets/widget';

export type Context = Record<string, unknown>;

export const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Widget spec §4: hidden when any hu-hide variable equals Yes; shown only when any hu-show variable equals Yes. */
export function isVisible(attributes: Readonly<Record<string, string>>, context: Context): boolean {
  const hide = list(attributes['hu-hide']);
  if (hide.some((v) => text(context[v]) === YES)) return false;
  const show = list(attributes['hu-show']);
  return show.length === 0 || show.some((v) => text(context[v]) === YES);
}

/** The widget elements of a screen, in document order; widgets inside a widget (a grid's entry form) belong to it. */
export function screenWidgetElements(nodes: readonly MarkupNode[]): MarkupElement[] {
  const found: MarkupElement[] = [];
  const walk = (list: readonly MarkupNode[]) => {
    for (const node of list) {
      if (node.type !== 'element') continue;
      if (isWidgetTag(node.tag)) found.push(node);
      else walk(node.children);
    }
  };
  walk(nodes);
  return found;
}
