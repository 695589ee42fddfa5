import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { siteAccounts, subscribers, subscriptionChannels, subscriptionEnrolments, subscriptions } from '../../../db/schema';
import type { ChannelRow, ContactRef, EnrolmentRow, SubscriberRow, SubscriptionRow } from './model';

/**
 * Subscriptions' SQL: every statement of the catalog, contacts (contact.ts) and enrolments (enrol.ts,
 * read.ts), each under its `// statement: <name>` tag. Statements that run inside a verb's transaction
 * take it (`Tx`, or `DbOrTx` when they also run outside one). No rights checks here: contact.ts decides.
 */

type EnrolmentPatch = Partial<typeof subscriptionEnrolments.$inferInsert>;

// --- the catalog ------------------------------------------------------------------------------

/** Every subscription, in catalog order. */
export function allSubscriptions(db: DbOrTx): Promise<SubscriptionRow[]> {
  // statement: allSubscriptions
  return db.select().from(subscriptions).orderBy(asc(subscriptions.sortOrder), asc(subscriptions.id));
}

/** The channels of subscriptions, in id order. */
export function channelsOfSubscriptions(db: DbOrTx, subscriptionIds: number[]): Promise<ChannelRow[]> {
  // statement: channelsOfSubscriptions
  return db.select().from(subscriptionChannels).where(inArray(subscriptionChannels.subscriptionId, subscriptionIds)).orderBy(asc(subscriptionChannels.id));
}

// --- contacts ---------------------------------------------------------------------------------

/** The subscriber of a contact reference, or null; `forUpdate` locks its row. */
export async function findSubscriber(db: DbOrTx, ref: ContactRef, forUpdate = false): Promise<SubscriberRow | null> {
  const column = ref.kind === 'email' ? subscribers.email : ref.kind === 'phone' ? subscribers.phone : subscribers.guid;
  // statement: subscriberByContact
  const q = db.select().from(subscribers).where(eq(column, ref.value));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The subscriber linked to a site account, or null. */
export async function findAccountSubscriber(db: DbOrTx, accountId: number): Promise<SubscriberRow | null> {
  // statement: subscriberOfAccount
  const [row] = await db.select().from(subscribers).where(eq(subscribers.siteAccountId, accountId)).orderBy(subscribers.id).limit(1);
  return row ?? null;
}

/** The site account whose e-mail this is (e-mails of accounts compare case-insensitively). */
export async function accountIdOfEmail(db: DbOrTx, email: string): Promise<number | null> {
  // statement: accountIdOfEmail
  const [row] = await db.select({ id: siteAccounts.id }).from(siteAccounts).where(eq(sql`lower(${siteAccounts.email})`, email));
  return row?.id ?? null;
}

/** Subscribers linked to site accounts. */
export async function subscribersOfAccounts(db: DbOrTx, accountIds: readonly number[]): Promise<SubscriberRow[]> {
  if (!accountIds.length) return [];
  // statement: subscribersOfAccounts
  return db.select().from(subscribers).where(inArray(subscribers.siteAccountId, [...accountIds])).orderBy(subscribers.id);
}

/** Gives the subscriber a phone number when it has none; the updated row, or null when it had one. */
export async function setSubscriberPhone(tx: DbOrTx, subscriberId: number, phone: string): Promise<SubscriberRow | null> {
  // statement: setSubscriberPhone
  const [updated] = await tx
    .update(subscribers)
    .set({ phone })
    .where(and(eq(subscribers.id, subscriberId), sql`${subscribers.phone} is null`))
    .returning();
  return updated ?? null;
}

/** Creates a subscriber; nothing when the unique index already holds the contact (the caller re-reads). */
export async function insertSubscriber(tx: DbOrTx, values: typeof subscribers.$inferInsert): Promise<void> {
  // statement: insertSubscriber
  await tx.insert(subscribers).values(values).onConflictDoNothing();
}

// --- enrolments -------------------------------------------------------------------------------

/** Enrolment rows of subscribers (any state), in id order. */
export async function enrolmentsOfSubscribers(db: DbOrTx, subscriberIds: readonly number[]): Promise<EnrolmentRow[]> {
  if (!subscriberIds.length) return [];
  // statement: enrolmentsOfSubscribers
  return db
    .select()
    .from(subscriptionEnrolments)
    .where(inArray(subscriptionEnrolments.subscriberId, [...subscriberIds]))
    .orderBy(subscriptionEnrolments.id);
}

/** The subscriber's enrolment in a channel (undefined when none); `forUpdate` locks its row. */
export async function enrolmentOf(db: DbOrTx, subscriberId: number, channelId: number, forUpdate = false): Promise<EnrolmentRow | undefined> {
  // statement: enrolmentOf
  const q = db
    .select()
    .from(subscriptionEnrolments)
    .where(and(eq(subscriptionEnrolments.subscriberId, subscriberId), eq(subscriptionEnrolments.channelId, channelId)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** A not-yet-enrolled row of the subscriber in the channel, unless one exists. */
export async function ensureEnrolment(tx: Tx, subscriberId: number, channelId: number, now: Date): Promise<void> {
  // statement: ensureEnrolment
  await tx.insert(subscriptionEnrolments).values({ subscriberId, channelId, enrolled: false, updatedAt: now }).onConflictDoNothing();
}

/** Changes an enrolment; answers the row as saved. */
export async function updateEnrolment(tx: Tx, id: number, patch: EnrolmentPatch, now: Date): Promise<EnrolmentRow> {
  // statement: updateEnrolment
  const [saved] = await tx
    .update(subscriptionEnrolments)
    .set({ ...patch, updatedAt: now })
    .where(eq(subscriptionEnrolments.id, id))
    .returning();
  return saved;
}

/** Ends the subscriber's live enrolments in the channels; answers how many ended. */
export async function endEnrolments(tx: Tx, subscriberId: number, channelIds: number[], now: Date): Promise<number> {
  // statement: endEnrolments
  const ended = await tx
    .update(subscriptionEnrolments)
    .set({ enrolled: false, optedOutAt: now, updatedAt: now })
    .where(
      and(
        eq(subscriptionEnrolments.subscriberId, subscriberId),
        eq(subscriptionEnrolments.enrolled, true),
        inArray(subscriptionEnrolments.channelId, channelIds),
      ),
    )
    .returning({ id: subscriptionEnrolments.id });
  return ended.length;
}
