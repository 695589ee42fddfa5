import { devicePushRegistrations, devices } from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';

/** Account 1's phone: tests and docs/seed.md use its token. */
export const DEMO_DEVICE_TOKEN = 'demo-device-account1-iphone';

const KINDS = [
  { category: 'Mobile Phone', osType: 'iOS', osVersion: '17.4', registrationType: 'APNS' },
  { category: 'Mobile Phone', osType: 'Android', osVersion: '14', registrationType: 'FCM' },
  { category: 'Tablet', osType: 'iOS', osVersion: '17.2', registrationType: 'APNS' },
  { category: 'Tablet', osType: 'Windows', osVersion: '11', registrationType: 'WNS' },
] as const;
const APPLICATIONS = ['Brand Theatres', 'Wallet', 'Google Wallet'] as const;

/** One or two devices for each of accounts 1–12, most with a push registration. */
export async function seedDevices(tx: SeedTx, today: Date): Promise<{ devices: number; registrations: number }> {
  const rng = createRandom('devices');
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const rows: (typeof devices.$inferInsert)[] = [];
  const registrations: (typeof devicePushRegistrations.$inferInsert)[] = [];
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  for (let account = 1; account <= 12; account++) {
    const count = account === 1 ? 2 : rng.int(1, 2);
    for (let i = 0; i < count; i++) {
      const id = rows.length + 1;
      const kind = account === 1 && i === 0 ? KINDS[0] : rng.pick(KINDS);
      const application = kind.osType === 'Android' && rng.chance(0.3) ? 'Google Wallet' : rng.pick(APPLICATIONS.slice(0, 2));
      const created = new Date(base - rng.int(5, 400) * 86400000);
      rows.push({
        id,
        token: account === 1 && i === 0 ? DEMO_DEVICE_TOKEN : `demo-device-${account}-${hex(16)}`,
        siteAccountId: account,
        category: kind.category,
        osType: kind.osType,
        osVersion: kind.osVersion,
        application,
        isPushEnabled: account === 1 || rng.chance(0.8),
        createdAt: created,
        updatedAt: created,
      });
      if (account === 1 || rng.chance(0.75)) {
        registrations.push({ id: registrations.length + 1, deviceId: id, pushRegistrationToken: hex(64), registrationType: kind.registrationType, createdAt: created });
      }
    }
  }
  await insertRows(tx, devices, rows);
  await insertRows(tx, devicePushRegistrations, registrations);
  for (const t of [devices, devicePushRegistrations]) await syncSequence(tx, t);
  return { devices: rows.length, registrations: registrations.length };
}
