import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  enrolmentsOfSubscribers,
  loadCatalog,
  subscribersOfAccounts,
  type CatalogEntry,
  type EnrolmentRow,
  type SubscriberRow,
} from '../services/subscription';
import { manyByKey } from './keyed';

/** Loaders of marketing subscriptions: the catalog (read once per request), subscribers and enrolments. */
export function createSubscriptionLoaders(db: Db) {
  let catalog: Promise<CatalogEntry[]> | null = null;
  return {
    /** Every subscription with its channels (a handful of rows: one query per request). */
    subscriptionCatalog: (): Promise<CatalogEntry[]> => (catalog ??= loadCatalog(db)),
    /** The subscribers linked to each site account (usually one). */
    subscribersByAccountId: new DataLoader<number, SubscriberRow[]>(async (ids) =>
      manyByKey(ids, await subscribersOfAccounts(db, ids), (r) => r.siteAccountId as number),
    ),
    /** Every enrolment row (enrolled or opted out) of each subscriber. */
    enrolmentsBySubscriberId: new DataLoader<number, EnrolmentRow[]>(async (ids) =>
      manyByKey(ids, await enrolmentsOfSubscribers(db, ids), (r) => r.subscriberId),
    ),
  };
}
