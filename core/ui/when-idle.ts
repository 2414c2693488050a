/**
 * Work a page will need soon, done while it waits (issue 38: long tasks split). The first `Intl.NumberFormat` of a
 * page initialises the browser's ICU data, ~13 ms at full speed in Chromium whatever the locale or options (later
 * ones are ~0.1 ms), and the config's schemas take ~20 ms to build: done inside the task that draws a listing or
 * reads the config, each was 50–100 ms of it at a phone's 4× slowdown. Done when the page is idle (while the config
 * or a listing is on its way), each is a task of its own; work that is needed first simply happens then, as before.
 */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 2000 });
  else setTimeout(work, 1);
}

/**
 * The page's first number and date formats made ahead of the first price or date drawn (see above), each in a task
 * of its own right after the one that starts the page's first element: an idle moment often came only after the
 * first answer had been drawn, with the formats inside that task.
 */
export function warmIntl(): void {
  setTimeout(() => void new Intl.NumberFormat('en-US').format(0), 0);
  setTimeout(() => void new Intl.DateTimeFormat('en-US').format(0), 0);
}
