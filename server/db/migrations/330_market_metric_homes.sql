-- How many homes stand behind each month's median figures (issue 36; server/listings/metrics/monthly.ts): a
-- yearly change is given only when both months have enough homes behind the figure (MIN_HOMES_FOR_CHANGE in
-- core/market/sections.ts). The counts of the other figures are the figures themselves (active_inventory for
-- the median list price too). Null until the next refresh has written them: no yearly change until then.
ALTER TABLE market_metrics_monthly
  ADD COLUMN homes_sold integer,
  ADD COLUMN homes_with_days integer,
  ADD COLUMN homes_with_area integer,
  ADD COLUMN homes_with_list_price integer;

-- Stale: the next start recomputes every region (scheduleMarketMetricsRefresh), with the counts.
DELETE FROM market_metrics_refresh;
