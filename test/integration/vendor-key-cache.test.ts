import { hashVendorKey, VENDOR_KEY_CACHE_MS } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';
import { sqlOf } from '../helpers/orders';

/**
 * Vendor keys are cached per instance for VENDOR_KEY_CACHE_MS after a successful lookup (docs/auth.md):
 * the lookup statement is saved on every later request, a revoked key stops working within that
 * time, and a key unknown at first is not remembered as unknown.
 */
const { app } = useTestApp();

const CREATE = 'mutation { createOrder(input: {}) { id } }';

it('looks a vendor key up once, refuses it once revoked after the cache time, and never caches an unknown key', async () => {
  const sql = sqlOf(app);
  try {
    const key = `cache-test-${Date.now()}`;
    const headers = { 'x-vendor-key': key };
    // Unknown at first: refused; provisioned a moment later: accepted at once (no negative caching).
    expect((await app.gql(CREATE, undefined, headers)).status).toBe(401);
    const [vendor] = await sql<{ id: number }[]>`insert into vendors (name, key_hash) values ('Cache test', ${hashVendorKey(key)}) returning id`;

    const first = await app.gql<{ createOrder: { id: number } }>(CREATE, undefined, headers);
    const lookedUpAt = Date.now();
    expect(first.errors).toBeUndefined();
    expect(first.statements).toBe(2); // the key lookup + the insert
    const [{ vendor_id }] = await sql<{ vendor_id: number }[]>`select vendor_id from orders where id = ${first.data!.createOrder.id}`;
    expect(vendor_id).toBe(vendor.id);

    const second = await app.gql(CREATE, undefined, headers);
    expect(second.errors).toBeUndefined();
    expect(second.statements).toBe(1); // the insert alone: the key came from the cache

    // Revoked (its hash replaced): an instance that saw it may accept it for at most VENDOR_KEY_CACHE_MS.
    await sql`update vendors set key_hash = ${hashVendorKey(`${key}-rotated`)} where id = ${vendor.id}`;
    const soon = await app.gql(CREATE, undefined, headers);
    if (Date.now() - lookedUpAt < VENDOR_KEY_CACHE_MS - 500) expect(soon.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lookedUpAt + VENDOR_KEY_CACHE_MS + 100 - Date.now())));
    const late = await app.gql(CREATE, undefined, headers);
    expect(late.status).toBe(401);
    expect(late.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    // The rotated key works at once.
    expect((await app.gql(CREATE, undefined, { 'x-vendor-key': `${key}-rotated` })).status).toBe(200);
  } finally {
    await sql.end();
  }
});
