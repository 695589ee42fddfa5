import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { devicePushRegistrations, devices, siteAccounts } from '../../../db/schema';
import { toDevice, type DeviceView } from './model';

/** Devices of the given accounts (two statements per batch), by account id, oldest first. */
export async function loadDevices(db: Db, accountIds: readonly number[]): Promise<Map<number, DeviceView[]>> {
  const out = new Map<number, DeviceView[]>();
  if (!accountIds.length) return out;
  // statement: devicesOfAccounts
  const rows = await db.select().from(devices).where(inArray(devices.siteAccountId, [...new Set(accountIds)])).orderBy(asc(devices.id));
  // statement: pushRegistrationsOfDevices (none when no device)
  const registrations = rows.length
    ? await db
        .select()
        .from(devicePushRegistrations)
        .where(inArray(devicePushRegistrations.deviceId, rows.map((r) => r.id)))
        .orderBy(asc(devicePushRegistrations.id))
    : [];
  for (const row of rows) {
    const list = out.get(row.siteAccountId) ?? [];
    list.push(toDevice(row, registrations.filter((r) => r.deviceId === row.id)));
    out.set(row.siteAccountId, list);
  }
  return out;
}

/** One device by its token with its registrations, or null. */
export async function findDevice(db: Db | Tx, token: string): Promise<DeviceView | null> {
  // statement: deviceByToken
  const [row] = await db.select().from(devices).where(eq(devices.token, token));
  if (!row) return null;
  // statement: pushRegistrationsOfDevice
  const registrations = await db
    .select()
    .from(devicePushRegistrations)
    .where(eq(devicePushRegistrations.deviceId, row.id))
    .orderBy(asc(devicePushRegistrations.id));
  return toDevice(row, registrations);
}

// ---- the writes (write.ts), in putDevice's transaction ---------------------------------------------

type DeviceRow = typeof devices.$inferSelect;
type DeviceFields = Partial<typeof devices.$inferInsert>;

/** Whether a site account of this id exists. */
export async function accountExists(tx: Tx, accountId: number): Promise<boolean> {
  // statement: accountExists
  const [account] = await tx.select({ id: siteAccounts.id }).from(siteAccounts).where(eq(siteAccounts.id, accountId));
  return account !== undefined;
}

/** Locks the device of this token for the rest of the transaction and answers its row, if any. */
export async function lockDevice(tx: Tx, token: string): Promise<DeviceRow | undefined> {
  // statement: deviceByTokenForUpdate
  return (await tx.select().from(devices).where(eq(devices.token, token)).for('update'))[0];
}

/** Inserts a device and answers its id; null when a concurrent insert took its token first. */
export async function insertDevice(tx: Tx, device: typeof devices.$inferInsert): Promise<number | null> {
  // statement: insertDevice
  const [row] = await tx.insert(devices).values(device).onConflictDoNothing({ target: devices.token }).returning({ id: devices.id });
  return row?.id ?? null;
}

/** Writes a device's fields. */
export async function updateDevice(tx: Tx, deviceId: number, fields: DeviceFields): Promise<void> {
  // statement: updateDevice
  await tx.update(devices).set(fields).where(eq(devices.id, deviceId));
}

/** Removes the device's registrations of these push tokens. */
export async function deletePushRegistrations(tx: Tx, deviceId: number, pushTokens: string[]): Promise<void> {
  // statement: deletePushRegistrations
  await tx
    .delete(devicePushRegistrations)
    .where(and(eq(devicePushRegistrations.deviceId, deviceId), inArray(devicePushRegistrations.pushRegistrationToken, pushTokens)));
}

/** Adds registrations to the device; a token it has already takes the new type. */
export async function upsertPushRegistrations(
  tx: Tx,
  deviceId: number,
  add: readonly { pushRegistrationToken: string; registrationType: string }[],
): Promise<void> {
  // statement: upsertPushRegistrations
  await tx
    .insert(devicePushRegistrations)
    .values(add.map((r) => ({ deviceId, pushRegistrationToken: r.pushRegistrationToken, registrationType: r.registrationType })))
    .onConflictDoUpdate({
      target: [devicePushRegistrations.deviceId, devicePushRegistrations.pushRegistrationToken],
      set: { registrationType: sql`excluded.registration_type` },
    });
}

/** The number of the device's registrations. */
export async function countPushRegistrations(tx: Tx, deviceId: number): Promise<number> {
  // statement: countPushRegistrations
  const [{ n }] = await tx.select({ n: count() }).from(devicePushRegistrations).where(eq(devicePushRegistrations.deviceId, deviceId));
  return n;
}

/** Deletes the device of this token and its registrations (they cascade). */
export async function deleteDeviceRow(db: Db, token: string): Promise<void> {
  // statement: deleteDevice
  await db.delete(devices).where(eq(devices.token, token));
}
