/**
 * A vitest reporter (vitest.config.ts, beside the default one): at the end of a run, the slowest test files —
 * import, set-up, hooks and tests — with the load average (file-times.ts).
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { fileTimesReport, loadAverage, type FileTime } from './file-times';

export default class VitestFileTimes implements Reporter {
  private started = performance.now();
  private loadAtStart = loadAverage();

  onTestRunStart(): void {
    this.started = performance.now();
    this.loadAtStart = loadAverage();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows: FileTime[] = modules.map((module) => {
      const d = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        seconds: (d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000,
      };
    });
    if (rows.length === 0) return;
    const phase = process.env.DATABASE_URL ? 'vitest on PostgreSQL' : 'vitest';
    console.log(`\n${fileTimesReport(phase, rows, { seconds: (performance.now() - this.started) / 1000, loadAtStart: this.loadAtStart })}`);
  }
}
