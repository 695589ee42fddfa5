import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { devicePushRegistrations, devices } from '../../../db/schema';
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
