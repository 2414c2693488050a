/**
 * A context given to one element by the code that made it, instead of the page's: the partner console's theme
 * preview shows its partner's brand on a page of ours. Set before the element is connected; kept by host. (Apart
 * from core/config/context.ts: only the elements that read it load it.)
 */
import type { ResolvedAppContext } from './context';

const elementContexts = new WeakMap<Element, ResolvedAppContext>();

export function setElementContext(host: Element, context: ResolvedAppContext): void {
  elementContexts.set(host, context);
}

/** The context given to `host`, if any (else the element reads the page's). */
export const elementContext = (host: Element): ResolvedAppContext | undefined => elementContexts.get(host);
