/**
 * Signed-in devices over GraphQL (issue 22: mySessions, revokeSession, revokeOtherSessions): the operations,
 * checked against server/schema.graphql by core/graphql/operations.test.ts, and their answers checked with zod.
 * Errors come back as values (the section shows them), never toasted (`muteError`).
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

export const MySessionsQuery = /* GraphQL */ `
  query MySessions {
    mySessions {
      id
      kind
      device
      createdAt
      lastUsedAt
      current
    }
  }
`;

export const RevokeSessionMutation = /* GraphQL */ `
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id) {
      id
      revoked
    }
  }
`;

export const RevokeOtherSessionsMutation = /* GraphQL */ `
  mutation RevokeOtherSessions {
    revokeOtherSessions {
      revoked
    }
  }
`;

const buildSessionSchema = () =>
  z.object({
    id: z.string(),
    kind: z.enum(['TOKEN', 'SESSION']),
    device: z.nullable(z.string()),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean(),
  });

export type DeviceSession = z.infer<ReturnType<typeof buildSessionSchema>>;

const sessionsSchema = lazySchema(() => z.array(buildSessionSchema()));
const revokedSchema = lazySchema(() => z.object({ id: z.string(), revoked: z.boolean() }));
const revokedOthersSchema = lazySchema(() => z.object({ revoked: z.number() }));

export const fetchSessions = (): Promise<Result<DeviceSession[]>> =>
  query(MySessionsQuery, {}, sessionsSchema, { requestPolicy: 'network-only', muteError: true });

export const revokeSession = (id: string): Promise<Result<{ id: string; revoked: boolean }>> =>
  mutate(RevokeSessionMutation, { id }, revokedSchema, { muteError: true });

export const revokeOtherSessions = (): Promise<Result<{ revoked: number }>> =>
  mutate(RevokeOtherSessionsMutation, {}, revokedOthersSchema, { muteError: true });
