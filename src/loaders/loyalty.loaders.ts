import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { loyaltyAccountsBySiteAccount, loyaltyCardsBySiteAccount, type CardView, type LoyaltyAccountView } from '../services/loyalty';

/**
 * A site account's loyalty account and cards, one statement (two for accounts) per batch. No
 * authorization here: the parent `Account` was read through the account access rule.
 */
export function createLoyaltyLoaders(db: Db) {
  return {
    loyaltyAccountBySiteAccount: new DataLoader<number, LoyaltyAccountView | null>((ids) => loyaltyAccountsBySiteAccount(db, ids)),
    loyaltyCardsBySiteAccount: new DataLoader<number, CardView[]>((ids) => loyaltyCardsBySiteAccount(db, ids)),
  };
}
