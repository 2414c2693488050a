/**
 * The DOM harness of view and hook tests (happy-dom): a fresh container in `document.body` and a React root
 * for each test, unmounted and removed after it. Call `testRoot()` once at the top of a test file; it
 * registers its own `beforeEach`/`afterEach`.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

export interface TestRoot {
  /** The current test's container. */
  readonly container: HTMLDivElement;
  /** The current test's React root (for a render wrapped in an `act()` of the test's own). */
  readonly root: Root;
  /** Renders (or re-renders) into the current test's root inside `act()`; returns the container. */
  render(node: ReactNode): HTMLDivElement;
  /** Renders inside an async `act()`, so that effects' promises settle first; resolves to the container. */
  renderAsync(node: ReactNode): Promise<HTMLDivElement>;
  /** Unmounts what is rendered and starts a new root in the same container: the next render mounts afresh. */
  remount(): void;
}

export function testRoot(): TestRoot {
  let container: HTMLDivElement | null = null;
  let root: Root | null = null;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    const mounted = root;
    if (mounted) act(() => mounted.unmount());
    container?.remove();
    root = null;
    container = null;
  });
  const current = () => {
    if (!container || !root) throw new Error('testRoot: used outside a test');
    return { container, root };
  };
  return {
    get container() {
      return current().container;
    },
    get root() {
      return current().root;
    },
    render(node) {
      const { container: into, root: mounted } = current();
      act(() => mounted.render(node));
      return into;
    },
    async renderAsync(node) {
      const { container: into, root: mounted } = current();
      await act(async () => mounted.render(node));
      return into;
    },
    remount() {
      const { container: into, root: mounted } = current();
      act(() => mounted.unmount());
      root = createRoot(into);
    },
  };
}
