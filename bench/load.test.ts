/**
 * A short run of bench/load.ts (issue 22): 20 keep-alive connections for 3 s of the whole mix on PGlite,
 * the server in its own process. Every operation runs and none fails; the memory figures are read. No
 * wall-clock assertion: the machine is shared.
 */
import { describe, expect, it } from 'vitest';
import { formatReport, OPERATIONS, runLoadBench, slopeMbPerMinute } from './load';

describe('bench/load', () => {
  it('runs every operation of the mix with 0 errors and samples the server’s memory', { timeout: 240_000 }, async () => {
    const report = await runLoadBench({ durationMs: 3_000, connections: 20, listings: 200, users: 5, sampleEveryMs: 500, verbose: false });
    const table = formatReport(report);
    for (const o of report.operations) expect(o.errors, `${o.operation}: ${o.examples.join(' | ')}`).toBe(0);
    expect(report.operations.map((o) => o.operation)).toEqual([...OPERATIONS]);
    for (const o of report.operations) {
      expect(o.count, o.operation).toBeGreaterThan(0);
      expect(o.p99).toBeGreaterThanOrEqual(o.p50);
    }
    expect(report.memory.samples.length).toBeGreaterThanOrEqual(2);
    expect(report.memory.startMb).toBeGreaterThan(10);
    expect(report.memory.endMb).toBeGreaterThan(10);
    expect(table).toContain('| contact form |');
  });

  it('computes the memory slope in MB per minute', () => {
    expect(slopeMbPerMinute([])).toBe(0);
    expect(slopeMbPerMinute([{ atMs: 0, rssMb: 100 }, { atMs: 30_000, rssMb: 105 }, { atMs: 60_000, rssMb: 110 }])).toBeCloseTo(10);
    expect(slopeMbPerMinute([{ atMs: 0, rssMb: 100 }, { atMs: 60_000, rssMb: 100 }])).toBe(0);
  });
});
