import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { siteAccounts } from '../../../db/schema';
import type { AccountRow } from './model';

/** The site account `accountId`, or undefined. */
export async function accountById(db: Db, accountId: number): Promise<AccountRow | undefined> {
  // statement: accountById
  const [row] = await db
    .select({
      id: siteAccounts.id,
      email: siteAccounts.email,
      firstName: siteAccounts.firstName,
      lastName: siteAccounts.lastName,
      createdAt: siteAccounts.createdAt,
    })
    .from(siteAccounts)
    .where(eq(siteAccounts.id, accountId));
  return row;
}
