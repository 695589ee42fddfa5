import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import { badInput, DomainError } from '../../errors';

/**
 * `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header, as Stripe does it): a retry of a
 * write with the same key returns the first answer and changes nothing.
 *
 * A key is scoped by vendor, route and the key itself. Its record is inserted in the SAME transaction as
 * the work and holds the request's fingerprint and the work's result, so:
 * - concurrent requests with one key serialize on the unique index: the first does the work, the others
 *   wait for its commit and then read its answer (20 concurrent retries earn once);
 * - a failed first attempt (a business error, a crash) rolls the record back with the work, so a retry
 *   runs again rather than replaying an error;
 * - the same key with a different request is IDEMPOTENCY_KEY_REUSED (422) and nothing is done.
 * Results must be plain JSON (they are stored as jsonb and returned as stored).
 */
export interface IdempotencyScope {
  vendorId: number;
  /** The route template or operation name, e.g. `loyalty-cards/earn-for-items`. */
  route: string;
  key: string;
  /** Everything that identifies the request besides the route: path values and body. */
  request: unknown;
}

/** How long a key answers with its first result; after that it names a new request. */
export const KEY_LIFETIME = '24 hours';

/** Keys: 1–255 visible ASCII characters (the draft leaves the syntax to the server). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Checks an `Idempotency-Key` value; undefined/absent means "no key". */
export function parseIdempotencyKey(raw: unknown, field = 'Idempotency-Key'): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw badInput(`${field} must be 1 to 255 visible ASCII characters`, field);
  }
  return raw;
}

/** JSON with object keys sorted, so equal requests fingerprint equally whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of a request: a keyed HMAC (requests carry card numbers; a plain hash of a card number
 * could be reversed by trying them all).
 */
export function fingerprintOf(secret: Buffer, request: unknown): string {
  return createHmac('sha256', secret).update(canonical(request)).digest('hex');
}

/**
 * Runs `work` in one transaction, at most once per scope: returns its result, or the stored result of
 * the first successful run with the same scope (`replayed: true`). Without a scope it just runs `work`.
 */
export async function runIdempotent<T>(
  db: Db,
  scope: IdempotencyScope | null,
  secret: Buffer,
  work: (tx: Tx) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (!scope) return { value: await db.transaction(work), replayed: false };
  const fingerprint = fingerprintOf(secret, { route: scope.route, request: scope.request });
  const where = and(eq(idempotencyKeys.vendorId, scope.vendorId), eq(idempotencyKeys.route, scope.route), eq(idempotencyKeys.key, scope.key));
  // A concurrent first attempt that rolls back frees the key; the loop then runs the work itself.
  for (let attempt = 0; attempt < 5; attempt++) {
    const ran = await db.transaction(async (tx) => {
      // A key older than KEY_LIFETIME is free again (Stripe keeps keys 24 h): the upsert reclaims it
      // under the row lock, so of two concurrent reclaimers one wins and the other replays.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ vendorId: scope.vendorId, route: scope.route, key: scope.key, fingerprint })
        .onConflictDoUpdate({
          target: [idempotencyKeys.vendorId, idempotencyKeys.route, idempotencyKeys.key],
          set: { fingerprint, response: null, createdAt: sql`now()` },
          setWhere: sql`${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}::interval`,
        })
        .returning({ id: idempotencyKeys.id });
      if (!claimed) return null;
      const value = await work(tx);
      await tx.update(idempotencyKeys).set({ response: value as unknown }).where(eq(idempotencyKeys.id, claimed.id));
      return { value };
    });
    if (ran) return { value: ran.value, replayed: false };
    const [stored] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!stored) continue;
    if (stored.fingerprint !== fingerprint) {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request', {
        argument: 'Idempotency-Key',
      });
    }
    return { value: stored.response as T, replayed: true };
  }
  throw new DomainError('CONFLICT', 'The request with this Idempotency-Key is still in progress; retry');
}

/**
 * Deletes keys older than KEY_LIFETIME, at most `batch` at once, oldest first (the `created_at` index).
 * An expired key already behaves as absent (the upsert above reclaims it), so deleting it changes no
 * answer; a reclaim racing the delete either waits for it and inserts afresh, or has the row locked
 * and renewed, and the delete skips it (`SKIP LOCKED`, and the lock re-checks the age).
 */
export async function pruneIdempotencyKeys(db: Db, batch = 1000): Promise<number> {
  const deleted = await db.execute(sql`/* pruneIdempotencyKeys */
    delete from idempotency_keys where id = any(array(
      select id from idempotency_keys where created_at < now() - ${KEY_LIFETIME}::interval
      order by created_at limit ${batch} for update skip locked))
    returning 1`);
  return Array.isArray(deleted) ? deleted.length : ((deleted as { rows?: unknown[] }).rows ?? []).length;
}
