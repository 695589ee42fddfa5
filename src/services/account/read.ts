import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { notFound, unauthenticated } from '../../errors';
import { assertAccountAccess } from './access';
import type { AccountRow } from './model';
import { accountById } from './store';

/** The account `accountId`, for its own token or an admin (access.ts); NOT_FOUND when there is none. */
export async function getAccount(db: Db, principal: Principal, accountId: number): Promise<AccountRow> {
  assertAccountAccess(principal, accountId);
  const row = await accountById(db, accountId);
  if (!row) throw notFound('Account', accountId);
  return row;
}

/** The caller's own account (the `sub` of its token); UNAUTHENTICATED without an account token. */
export async function getOwnAccount(db: Db, principal: Principal): Promise<AccountRow> {
  if (principal.accountId === null) throw unauthenticated('`me` needs an account token');
  return getAccount(db, principal, principal.accountId);
}
