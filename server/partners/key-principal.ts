/**
 * The principal of a request made with a partner's API key on `/graphql/` (graphql-keys.ts): the resolvers
 * get a viewer whose user is nobody (id 0) and is recognised here, so the partner's own authorization
 * (`partnerRole` in admin.ts, `canManagePartnerLeads` in leads/access.ts) answers for the key: its partner,
 * with its scopes, and nothing else. Kept free of imports so those modules can ask without a cycle.
 */

export interface KeyPrincipal {
  partnerId: number;
  /** null for a key set directly on the partner (from before scopes). */
  keyId: number | null;
  prefix: string;
  scopes: readonly string[];
}

const principals = new WeakMap<object, KeyPrincipal>();

export function registerKeyPrincipal(user: object, principal: KeyPrincipal): void {
  principals.set(user, principal);
}

/** The key behind a viewer's user; undefined for people. */
export const keyPrincipalOf = (user: object): KeyPrincipal | undefined => principals.get(user);

/** Whether the key behind `user` works partner `partnerId` with `scope` (false for people and for other partners). */
export function keyAllows(user: object, partnerId: number, scope: 'leads:read' | 'admin'): boolean {
  const principal = principals.get(user);
  return principal !== undefined && principal.partnerId === partnerId && principal.scopes.includes(scope);
}
