import type { AuthChecker } from 'type-graphql';
import type { Context } from '../context';

/**
 * Roles of `@Authorized(...)`: `VENDOR` (a valid X-Vendor-Key), `ACCOUNT` (a valid account JWT),
 * `ADMIN` (a JWT with admin scope). No roles means any authenticated principal.
 */
export type Role = 'VENDOR' | 'ACCOUNT' | 'ADMIN';

export const authChecker: AuthChecker<Context, Role> = ({ context }, roles) => {
  const p = context.principal;
  if (roles.length === 0) return p.vendorId !== null || p.accountId !== null;
  return roles.some(
    (role) =>
      (role === 'VENDOR' && p.vendorId !== null) ||
      (role === 'ACCOUNT' && p.accountId !== null) ||
      (role === 'ADMIN' && p.isAdmin),
  );
};
