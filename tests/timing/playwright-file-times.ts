/**
 * A Playwright reporter (playwright.config.ts, beside the list reporter): at the end of a run, the slowest spec
 * files per project — the sum of their tests' durations, hooks and retries included — with the load average
 * (file-times.ts).
 */
import { relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { fileTimesReport, loadAverage, type FileTime } from './file-times';

export default class PlaywrightFileTimes implements Reporter {
  private readonly started = performance.now();
  private readonly loadAtStart = loadAverage();
  private readonly files = new Map<string, FileTime>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const file = relative(process.cwd(), test.location.file);
    const key = `${project} ${file}`;
    const row = this.files.get(key) ?? { file, project, tests: 0, seconds: 0 };
    if (result.retry === 0) row.tests += 1;
    row.seconds += result.duration / 1000;
    this.files.set(key, row);
  }

  onEnd(_result: FullResult): void {
    if (this.files.size === 0) return;
    console.log(`\n${fileTimesReport('playwright', [...this.files.values()], { seconds: (performance.now() - this.started) / 1000, loadAtStart: this.loadAtStart })}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
