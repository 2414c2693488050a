/**
 * Screen markup → React elements, through the allowlist (DESIGN §4): parsed by our own tokenizer,
 * sanitized, then built node by node with createElement. Server text never reaches innerHTML, so
 * nothing in it can run.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { sanitizeMarkup } from '../markup/allowlist';
import { parseMarkup, type MarkupElement, type MarkupNode } from '../markup/parse';
import { isWidgetTag } from '../widgets/tags';

const REACT_NAMES: Record<string, string> = { class: 'className' };

export function safeTree(markup: string): MarkupNode[] {
  return sanitizeMarkup(parseMarkup(markup));
}

export function renderTree(nodes: readonly MarkupNode[], renderWidget: (element: MarkupElement, index: number) => ReactNode): ReactNode[] {
  let widgetIndex = 0;
  const walk = (list: readonly MarkupNode[], path: string): ReactNode[] =>
    list.map((node, i) => {
      const key = `${path}.${i}`;
      if (node.type === 'text') return <Fragment key={key}>{node.text}</Fragment>;
      if (isWidgetTag(node.tag)) return <Fragment key={key}>{renderWidget(node, widgetIndex++)}</Fragment>;
      const props: Record<string, string> = { key };
      for (const [name, value] of Object.entries(node.attributes)) props[REACT_NAMES[name] ?? name] = value;
      if (node.tag === 'br' || node.tag === 'img') return createElement(node.tag, props);
      return createElement(node.tag, props, ...walk(node.children, key));
    });
  return walk(nodes, 'n');
}
