// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createMountQueue, SLICE_MS } from './mount-queue';

/** A queue on a clock the test moves, whose later tasks run when the test says. */
function harness() {
  let time = 0;
  const tasks: (() => void)[] = [];
  const queue = createMountQueue(
    () => time,
    (run) => void tasks.push(run),
  );
  const mounted: string[] = [];
  const host = (name: string) => {
    const element = document.createElement('div');
    element.id = name;
    element.attachShadow({ mode: 'open' });
    document.body.append(element);
    return element;
  };
  /** A first render that takes `ms`. */
  const mount = (element: HTMLElement, ms: number) => () => {
    mounted.push(element.id);
    time += ms;
  };
  const nextTask = () => {
    const due = tasks.splice(0);
    for (const run of due) run();
  };
  return { queue, mounted, host, mount, nextTask, tasks };
}

describe('mount queue', () => {
  it('renders at once while the task has time, then one task at a time, in order', () => {
    const { queue, mounted, host, mount, nextTask } = harness();
    const cards = ['a', 'b', 'c', 'd', 'e'].map(host);
    for (const card of cards) queue.request(card, mount(card, SLICE_MS / 2 + 1));
    // a and b fit in this task's slice (the second starts before the slice ends); c, d and e wait.
    expect(mounted).toEqual(['a', 'b']);
    // While waiting, a card shows what the page wrote inside it.
    expect(cards[2]!.shadowRoot!.querySelector('slot')).not.toBeNull();
    nextTask();
    expect(mounted).toEqual(['a', 'b', 'c', 'd']);
    nextTask();
    expect(mounted).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('never lets a later element go first, asks once per element, and skips one removed while it waited', () => {
    const { queue, mounted, host, mount, nextTask } = harness();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(host);
    queue.request(a!, mount(a!, SLICE_MS + 5));
    queue.request(b!, mount(b!, 1));
    queue.request(b!, mount(b!, 1));
    queue.request(c!, mount(c!, 1));
    c!.remove();
    expect(mounted).toEqual(['a']);
    // The next task renders b (c is gone); d, asked while that task still has time, renders at once.
    nextTask();
    queue.request(d!, mount(d!, 1));
    expect(mounted).toEqual(['a', 'b', 'd']);
  });

  it('runs a render that takes longer than the slice on its own, then the next', () => {
    const { queue, mounted, host, mount, nextTask, tasks } = harness();
    const [a, b] = ['a', 'b'].map(host);
    queue.request(a!, mount(a!, 100));
    queue.request(b!, mount(b!, 100));
    expect(mounted).toEqual(['a']);
    nextTask();
    expect(mounted).toEqual(['a', 'b']);
    nextTask();
    expect(tasks).toHaveLength(0);
  });
});
