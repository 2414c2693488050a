/** The user record of spec §3 as `/user/me/` returns it, validated at the boundary. */
import * as z from 'zod/mini';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

const buildUserSchema = () =>
  z.object({
    id: z.union([z.number(), z.string()]),
    firstName: z.optional(z.nullable(z.string())),
    lastName: z.optional(z.nullable(z.string())),
    image: z.optional(z.nullable(z.string())),
    email: z.optional(z.nullable(z.string())),
    phone: z.optional(z.nullable(z.string())),
    agent: z.optional(z.nullable(z.boolean())),
    legalName: z.optional(z.nullable(z.string())),
    is_superuser: z.optional(z.nullable(z.boolean())),
    token: z.optional(z.nullable(z.string())),
    role: z.optional(z.nullable(z.enum(['ATTORNEY', 'PARALEGAL']))),
    is_representative: z.optional(z.nullable(z.boolean())),
    is_company_manager: z.optional(z.nullable(z.boolean())),
    is_manager: z.optional(z.nullable(z.boolean())),
    has_new_dashboard: z.optional(z.nullable(z.boolean())),
  });

export const userSchema = lazySchema(buildUserSchema);
export type User = z.infer<ReturnType<typeof buildUserSchema>>;

/** 'Ada Lovelace', or the email when there is no name. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email || '';
}
