/**
 * Set once for every test file (vitest `setupFiles`), instead of at the top of each.
 * - React's act(): the tests render inside act, so React should expect it (no "not wrapped in act" noise).
 * - happy-dom has no modal dialogs: `showModal` opens the dialog as `show` would (files in the node
 *   environment have no HTMLDialogElement and need none).
 * - A DOM file ends after React's scheduler has run what it queued (it runs on `setImmediate`): work a late
 *   promise queued would otherwise run after the DOM environment is gone ("window is not defined"). It waits
 *   for an idle-priority task of the same scheduler, which runs only once everything queued before it has.
 * - A DOM file never reaches the network: `fetch` fails at once unless the test stubs it. A toast appends
 *   `<hearth-toaster>`, whose config load went to happy-dom's `http://localhost:3000`; the request was still in
 *   flight when the file ended, and its late answer rendered into a DOM that was gone ("window is not defined"
 *   in two of four first passes with three workers).
 * - Passwords hash at the tests' low cost (server/accounts/passwords.ts): ~2 ms a hash instead of ~90, for
 *   every demo account each test server seeds and every sign-up and log-in; child servers inherit it.
 */
import { unstable_IdlePriority as IdlePriority, unstable_scheduleCallback as scheduleCallback } from 'scheduler';
import { afterAll } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

if (typeof window !== 'undefined') {
  const offline = (input: unknown): Promise<never> =>
    Promise.reject(new TypeError(`A DOM unit test does not reach the network (${String(input)}): stub fetch in the test.`));
  globalThis.fetch = offline as typeof fetch;
  window.fetch = offline as typeof fetch;
  afterAll(async () => {
    // A file that mocks the toasts module has no toaster to wait for (reading the mock's missing export throws).
    await import('./core/ui/toasts').then((toasts) => toasts.toasterSettled()).catch(() => undefined);
    // An idle task runs after every task React queued before it, however often a busy machine makes React
    // yield (each yield is one more setImmediate turn); a round's work may queue more, hence three rounds.
    for (let round = 0; round < 3; round++) {
      await new Promise<void>((resolve) => scheduleCallback(IdlePriority, () => resolve()));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  });
}

if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
}

process.env.HEARTH_TEST_PASSWORD_COST = 'low';
