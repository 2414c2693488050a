-- Rate-limit windows shared by every API process (server/http/rate-limit.ts, DatabaseRateLimits): with
-- several processes behind one port (server/cluster.ts), limits kept in each process's memory would let a
-- client through once per process. One row per scope and key: the times (epoch ms) of the hits within the
-- window, updated under the row's lock; expired rows are swept.
CREATE TABLE rate_limit_windows (
  scope text NOT NULL,
  key text NOT NULL,
  hits double precision[] NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX rate_limit_windows_expires_idx ON rate_limit_windows (expires_at);
