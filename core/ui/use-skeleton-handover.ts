/**
 * A view takes over its live skeleton (core/define-element/skeleton.ts): what the visitor typed before the view was
 * ready, where the focus and caret were, and a submit they pressed. Any element with a skeleton calls
 * `useSkeletonHandover` in its behaviour hook (core/contact/use-contact-form.ts) and names its controls as its
 * skeleton does. Not in core/define-element: that folder is the shared runtime chunk, and only elements with a
 * form in their skeleton need this.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { ElementHandle } from '../define-element/define-element';
import { HELD_SKELETON, SKELETON_ATTRIBUTE, SUBMIT_QUEUED_ATTRIBUTE, type HeldSkeleton } from '../define-element/skeleton';

/** A control of a skeleton that had the focus, and where its caret was. */
export interface SkeletonFocus {
  name: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  selectionDirection: 'forward' | 'backward' | 'none' | null;
}

/** What a visitor did in a skeleton before the view took over. */
export interface SkeletonInput {
  /** Each named control's value (a checkbox's when checked). */
  values: Record<string, string>;
  focus: SkeletonFocus | null;
  /** A form was submitted. */
  submitQueued: boolean;
}

const CONTROLS = 'input[name], textarea[name], select[name]';

type HoldingRoot = ShadowRoot & { [HELD_SKELETON]?: HeldSkeleton };

/**
 * What the skeleton of `root` holds now; null when there is none (the view rendered without one, or took over). Its
 * nodes are those the skeleton entry kept (attached, or detached by preact/compat with what was typed in them).
 */
export function readSkeletonInput(root: ShadowRoot): SkeletonInput | null {
  const held = (root as HoldingRoot)[HELD_SKELETON];
  const nodes = (held?.nodes ?? [...root.children]).filter((node) => node.hasAttribute(SKELETON_ATTRIBUTE));
  if (!nodes.length) return null;
  const values: Record<string, string> = {};
  let submitQueued = false;
  for (const node of nodes) {
    for (const control of node.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(CONTROLS)) {
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue;
      values[control.name] = control.value;
    }
    if (node.matches(`form[${SUBMIT_QUEUED_ATTRIBUTE}]`) || node.querySelector(`form[${SUBMIT_QUEUED_ATTRIBUTE}]`)) submitQueued = true;
  }
  const active = (held?.active ?? root.activeElement) as HTMLInputElement | HTMLTextAreaElement | null;
  const focus =
    active && active.name && nodes.some((node) => node.contains(active))
      ? {
          name: active.name,
          // Email inputs and the like have no selection (null, or a throw in older engines).
          selectionStart: selection(() => active.selectionStart),
          selectionEnd: selection(() => active.selectionEnd),
          selectionDirection: selection(() => active.selectionDirection) as SkeletonFocus['selectionDirection'],
        }
      : null;
  return { values, focus, submitQueued };
}

/** The view has taken over: the skeleton's nodes are let go. */
export function releaseSkeleton(root: ShadowRoot): void {
  delete (root as HoldingRoot)[HELD_SKELETON];
}

function selection<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** Puts the focus and caret a skeleton's control had on the view's control of the same name (the skeleton's own left aside). */
export function restoreSkeletonFocus(root: ShadowRoot, focus: SkeletonFocus): void {
  const control = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(CONTROLS)].find(
    (node) => node.name === focus.name && !node.closest(`[${SKELETON_ATTRIBUTE}]`),
  );
  if (!control) return;
  control.focus({ preventScroll: true });
  if (focus.selectionStart === null || focus.selectionEnd === null) return;
  try {
    control.setSelectionRange(focus.selectionStart, focus.selectionEnd, focus.selectionDirection ?? undefined);
  } catch {
    // A control without a selection (email): the focus is enough.
  }
}

export interface SkeletonHandlers {
  onChange(name: string, value: string): void;
  onSubmit(): void;
}

const NONE: Record<string, string> = {};

/**
 * Returns the values typed by the view's first render (its state starts from them); in the commit that removes the
 * skeleton (define-element.tsx removes it after the view's own layout effects), whatever was typed since then goes
 * through `onChange`, the focus moves to the view's control of the same name with its caret, and a held submit goes
 * through `onSubmit`, once.
 */
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
    releaseSkeleton(root);
    if (now.submitQueued) latest.current.onSubmit();
    // Once: the skeleton goes in this commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return first?.values ?? NONE;
}
