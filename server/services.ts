/** What every request handler can reach: built once in app.ts. */
import type { Database } from './db';
import type { CostLimits } from './graphql/transport/cost';
import type { TrustProxy } from './http/client-ip';
import type { RateLimit } from './http/rate-limit';
import type { Logger } from './log';

export interface ServerConfig {
  production: boolean;
  /** The origin clients use to reach this server; absolute URLs in responses start with it. */
  publicOrigin: string;
  /** Root of the CDN builds (`<distDir>/cdn/v<semver>/`, `<distDir>/cdn-react/…`). */
  distDir: string;
  /** The package version `/cdn/v1/` points at. */
  cdnVersion: string;
  contactRateLimit: RateLimit;
  /** Proxies in front of us (true: one): the client IP is theirs in X-Forwarded-For, counted from the right (http/client-ip.ts). */
  trustProxy: TrustProxy;
  /** What one GraphQL request may cost, and one client per minute (server/graphql/transport/cost.ts). */
  graphqlCostLimits: CostLimits;
  /** A GraphQL request still running after this long is stopped and answered 503. */
  graphqlDeadlineMs: number;
  /** The same for an upload (multipart), counted once its body is read: it waits for its job in the work tier. */
  graphqlUploadDeadlineMs: number;
}

export interface Services {
  db: Database;
  config: ServerConfig;
  logger: Logger;
}
