/**
 * What each test file costs, for the vitest and Playwright reporters beside this file (docs/development.md,
 * "Keeping the suite fast"): at the end of a run, the slowest files with their share of the run, and the
 * machine's load average at the start and the end (the machine is shared: a figure means little without it).
 * With HEARTH_TEST_TIMES=<file.json> every file's figures are also written there.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface FileTime {
  /** The file, relative to the repository. */
  file: string;
  /** The vitest or Playwright project. */
  project: string;
  tests: number;
  /** Seconds from the file's start to its end in its worker: import, set-up, hooks and tests. */
  seconds: number;
}

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The report printed at the end of a run: its wall time, load averages, and the `top` slowest files. */
export function fileTimesReport(phase: string, rows: readonly FileTime[], run: { seconds: number; loadAtStart: string }, top = 12): string {
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  const sorted = [...rows].sort((a, b) => b.seconds - a.seconds);
  const lines = [
    `${phase}: ${rows.length} files, ${rows.reduce((sum, row) => sum + row.tests, 0)} tests, ${run.seconds.toFixed(0)} s wall, ` +
      `${total.toFixed(0)} s in files (load average ${run.loadAtStart} at the start, ${loadAverage()} at the end); the slowest:`,
    ...sorted.slice(0, top).map((row) => `  ${row.seconds.toFixed(1).padStart(7)} s ${((100 * row.seconds) / (total || 1)).toFixed(0).padStart(3)} %  ${row.file} [${row.project}] (${row.tests} tests)`),
  ];
  const out = process.env.HEARTH_TEST_TIMES;
  if (out) writeFileSync(out, `${JSON.stringify({ phase, wallSeconds: run.seconds, loadAtStart: run.loadAtStart, loadAtEnd: loadAverage(), files: sorted }, null, 1)}\n`);
  return lines.join('\n');
}
