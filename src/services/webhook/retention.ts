import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** postgres.js returns the rows as the result; PGlite as `.rows`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/**
 * Deletes finished deliveries (succeeded, or failed for good) that finished more than `retentionMs`
 * ago, at most `batch` at once, oldest first. Pending ones stay whatever their age (a redelivered one
 * is pending again). `completed_at` has no index, so the scan walks the primary key from the oldest id
 * and stops at the first delivery created within the retention (ids grow with creation, and a
 * delivery completes after it is created): a sweep with nothing to do reads a handful of rows.
 * Rows another instance is deleting, or a redeliver is updating, are skipped (`SKIP LOCKED`).
 * `= any(array(…))` makes the delete find its rows by primary key (`in (subquery)` was planned as a
 * hash join over a full scan of the table).
 */
export async function pruneWebhookDeliveries(db: Db, retentionMs: number, batch = 1000): Promise<number> {
  // statement: pruneWebhookDeliveries
  const deleted = await db.execute(sql`/* pruneWebhookDeliveries */
    delete from webhook_deliveries where id = any(array(
      select id from webhook_deliveries
      where id < coalesce((select id from webhook_deliveries
                           where created_at >= now() - ${retentionMs} * interval '1 millisecond'
                           order by id limit 1), 2147483647)
        and status in ('succeeded', 'failed')
        and completed_at < now() - ${retentionMs} * interval '1 millisecond'
      order by id limit ${batch} for update skip locked))
    returning 1`);
  return rowsOf(deleted).length;
}

/**
 * Deletes outbox events handed over to the dispatcher (`delivered_at`) more than `retentionMs` ago, at
 * most `batch` at once, oldest first. `webhook_deliveries.event_id` references the event without a
 * cascade, so an event some delivery still names is kept until that delivery is pruned (with the
 * delivery retention); events nobody subscribed to go after `retentionMs`. Events not yet handed over
 * are never touched. The same primary-key walk as the deliveries' bounds the scan.
 */
export async function pruneOutboxEvents(db: Db, retentionMs: number, batch = 1000): Promise<number> {
  // statement: pruneOutboxEvents
  const deleted = await db.execute(sql`/* pruneOutboxEvents */
    delete from outbox_events where id = any(array(
      select e.id from outbox_events e
      where e.id < coalesce((select id from outbox_events
                             where created_at >= now() - ${retentionMs} * interval '1 millisecond'
                             order by id limit 1), 2147483647)
        and e.delivered_at < now() - ${retentionMs} * interval '1 millisecond'
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
      order by e.id limit ${batch} for update of e skip locked))
    returning 1`);
  return rowsOf(deleted).length;
}
