/**
 * Elements' first renders, a few milliseconds of them per task (issue 38: "long tasks split"). A page that upgrades
 * many elements at once — 24 listing cards when their chunk arrives, a list rendering its cards — did every first
 * render in one task, long enough to block input (Lighthouse's Total Blocking Time counts each task's time past
 * 50 ms). The first render of a task runs at once, as before; those that would take the task past `SLICE_MS` wait
 * for a task of their own, in the order they were asked for. Until then an element shows what the page wrote inside
 * it (a `<slot>`, when its shadow root is empty), so a server-rendered card keeps its place; the first render
 * replaces the slot. Later renders (attribute and state changes) never wait.
 */

/** How long first renders may run in one task before the rest wait for the next (a quarter of a long task). */
export const SLICE_MS = 12;

export interface MountQueue {
  /**
   * Runs `mount` (the element's first render) now if this task still has time and nothing is waiting before it;
   * otherwise queues it for a later task. Asking again for an element already waiting changes nothing: its mount
   * reads the element's state when it runs.
   */
  request(host: HTMLElement, mount: () => void): void;
}

/** A queue on `clock` (milliseconds) whose later tasks are `defer`red; tests give their own. */
export function createMountQueue(clock: () => number = () => performance.now(), defer: (run: () => void) => void = (run) => void setTimeout(run, 0)): MountQueue {
  const queue: { host: HTMLElement; mount: () => void }[] = [];
  const queued = new WeakSet<HTMLElement>();
  /** When the current task's first render began; null between tasks. */
  let sliceStart: number | null = null;
  let pumping = false;

  const startSlice = () => {
    sliceStart = clock();
    defer(() => {
      sliceStart = null;
    });
  };

  const pump = () => {
    pumping = false;
    startSlice();
    // At least one a task, however long it takes.
    do {
      const next = queue.shift()!;
      queued.delete(next.host);
      if (next.host.isConnected) next.mount();
    } while (queue.length > 0 && clock() - sliceStart! < SLICE_MS);
    if (queue.length > 0) schedulePump();
  };

  const schedulePump = () => {
    if (pumping) return;
    pumping = true;
    defer(pump);
  };

  return {
    request(host, mount) {
      if (queued.has(host)) return;
      if (queue.length === 0 && (sliceStart === null || clock() - sliceStart < SLICE_MS)) {
        if (sliceStart === null) startSlice();
        mount();
        return;
      }
      const root = host.shadowRoot;
      if (root && root.childNodes.length === 0) root.append(host.ownerDocument.createElement('slot'));
      queue.push({ host, mount });
      queued.add(host);
      schedulePump();
    },
  };
}

/** The page's one queue, shared by every element. */
export const mountQueue = createMountQueue();
