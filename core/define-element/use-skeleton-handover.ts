/**
 * A view takes over its live skeleton (./skeleton.ts): what the visitor typed before the view was ready, where the
 * focus and caret were, and a submit they pressed. Returns the values typed by the view's first render (its state
 * starts from them); in the commit that removes the skeleton (define-element.tsx removes it after the view's own
 * layout effects), whatever was typed since then goes through `onChange`, the focus moves to the view's control of
 * the same name with its caret, and a held submit goes through `onSubmit`, once.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { ElementHandle } from './define-element';
import { readSkeletonInput, restoreSkeletonFocus } from './skeleton';

export interface SkeletonHandlers {
  onChange(name: string, value: string): void;
  onSubmit(): void;
}

const NONE: Record<string, string> = {};

export function useSkeletonHandover(element: Pick<ElementHandle, 'host'>, handlers: SkeletonHandlers): Record<string, string> {
  const root = element.host.shadowRoot;
  const [first] = useState(() => (root ? readSkeletonInput(root) : null));
  const latest = useRef(handlers);
  latest.current = handlers;
  useLayoutEffect(() => {
    if (!root || !first) return;
    const now = readSkeletonInput(root) ?? first;
    for (const [name, value] of Object.entries(now.values)) if (value !== first.values[name]) latest.current.onChange(name, value);
    if (now.focus) restoreSkeletonFocus(root, now.focus);
    if (now.submitQueued) latest.current.onSubmit();
    // Once: the skeleton goes in this commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return first?.values ?? NONE;
}
