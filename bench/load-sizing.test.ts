/**
 * The sizing run's reading of who ran which jobs (bench/load-sizing.ts): a process's /metrics as prom-client writes
 * it, and the counts of a phase as the difference of two readings. The run itself needs PostgreSQL and minutes: it
 * is a report (`npm run bench:load -- --sizing`), not a test.
 */
import { describe, expect, it } from 'vitest';
import { countsSince, jobsDoneInMetrics } from './load-sizing';

const METRICS = `# HELP hearth_job_duration_seconds Time a job of the work tier ran, by kind and outcome (done, failed, canceled, released).
# TYPE hearth_job_duration_seconds histogram
hearth_job_duration_seconds_bucket{le="0.05",kind="pdf",outcome="done"} 0
hearth_job_duration_seconds_bucket{le="+Inf",kind="pdf",outcome="done"} 12
hearth_job_duration_seconds_sum{kind="pdf",outcome="done"} 30.5
hearth_job_duration_seconds_count{kind="pdf",outcome="done"} 12
hearth_job_duration_seconds_count{kind="pdf",outcome="failed"} 2
hearth_job_duration_seconds_count{kind="listing-photo",outcome="done"} 7
hearth_job_wait_seconds_count{kind="pdf"} 14
hearth_http_requests_total{kind="graphql",operation="SearchListings",status="2xx"} 900
`;

describe('bench/load-sizing', () => {
  it('reads the jobs done by kind from /metrics: counts of outcome "done" only', () => {
    expect(jobsDoneInMetrics(METRICS)).toEqual({ pdf: 12, 'listing-photo': 7 });
    expect(jobsDoneInMetrics('# nothing run yet\n')).toEqual({});
  });

  it('counts a phase as the difference of two readings, leaving out kinds with none', () => {
    expect(countsSince({ pdf: 3, 'listing-photo': 7 }, { pdf: 10, 'listing-photo': 7, render: 1 })).toEqual({ pdf: 7, render: 1 });
    expect(countsSince({}, {})).toEqual({});
  });
});
