import { subscribers, subscriptionChannels, subscriptionEnrolments, subscriptions } from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';

/** The subscription catalog: name, description, and its channels (type → audience). */
export const DEMO_SUBSCRIPTIONS: { name: string; description: string; channels: [type: string, audience: string][] }[] = [
  { name: 'weekly-showtimes', description: "This week's new releases and showtimes at your theatre", channels: [['email', 'guest'], ['sms', 'guest']] },
  { name: 'special-offers', description: 'Discounts, promotions and concession deals', channels: [['email', 'guest'], ['smsConfirm', 'guest']] },
  { name: 'advance-tickets', description: 'Alerts when tickets for upcoming movies go on sale', channels: [['email', 'guest'], ['sms', 'guest']] },
  { name: 'stubs-rewards', description: "Loyalty members' points, rewards and member screenings", channels: [['email', 'stubs'], ['smsConfirm', 'stubs']] },
  { name: 'stubs-premiere-news', description: 'News for Premiere members: early access and premium formats', channels: [['email', 'stubs']] },
];

/** The demo mobile number of account `id`: account 1 and the even ids up to 12 have one (2125550001, 2125550002, …). */
export const demoPhoneOf = (id: number): string | null => (id === 1 || (id % 2 === 0 && id <= 12) ? `21255500${String(id).padStart(2, '0')}` : null);

/**
 * The catalog, and in demo mode the subscribers: accounts 1–20 by their e-mail (guids derived from the
 * id, so links in docs stay valid), some with a phone, plus one contact without an account; each is
 * enrolled in a deterministic mix of channels, SMS ones confirmed or pending.
 */
export async function seedSubscriptions(tx: SeedTx, today: Date, withContacts: boolean): Promise<{ subscriptions: number; subscribers: number; enrolments: number }> {
  const channels: (typeof subscriptionChannels.$inferInsert)[] = [];
  await insertRows(
    tx,
    subscriptions,
    DEMO_SUBSCRIPTIONS.map((s, i) => ({ id: i + 1, name: s.name, description: s.description, sortOrder: i + 1 })),
  );
  DEMO_SUBSCRIPTIONS.forEach((s, i) =>
    s.channels.forEach(([type, audience]) => channels.push({ id: channels.length + 1, subscriptionId: i + 1, type, audience })),
  );
  await insertRows(tx, subscriptionChannels, channels);
  for (const t of [subscriptions, subscriptionChannels]) await syncSequence(tx, t);
  if (!withContacts) return { subscriptions: DEMO_SUBSCRIPTIONS.length, subscribers: 0, enrolments: 0 };

  const rng = createRandom('subscriptions');
  const day = 86400000;
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const people: (typeof subscribers.$inferInsert)[] = [];
  for (let id = 1; id <= 20; id++) {
    people.push({
      id,
      guid: demoSubscriberGuid(id),
      email: `account${id}@demo.marquee.example`,
      phone: demoPhoneOf(id),
      siteAccountId: id,
      createdAt: new Date(base - rng.int(10, 400) * day),
    });
  }
  // A guest who signed up at a box office, without a site account.
  people.push({ id: 21, guid: demoSubscriberGuid(21), email: 'guest21@demo.marquee.example', phone: '2125550021', siteAccountId: null, createdAt: new Date(base - 30 * day) });

  const enrolments: (typeof subscriptionEnrolments.$inferInsert)[] = [];
  for (const p of people) {
    for (const c of channels) {
      const sms = c.type !== 'email';
      if (sms && !p.phone) continue;
      // Accounts 1 and 2 and the box-office guest are in every channel they can reach; others by chance.
      const pick = p.id === 1 || p.id === 2 || p.id === 21 || rng.next() < 0.35;
      if (!pick) continue;
      const enrolledAt = new Date(base - rng.int(1, 300) * day);
      // Accounts 19 and 20 opted out again; the SMS of account 2 and of the box-office guest are still pending.
      const optedOut = p.id === 19 || p.id === 20;
      const pending = sms && (p.id === 2 || p.id === 21);
      enrolments.push({
        id: enrolments.length + 1,
        subscriberId: p.id!,
        channelId: c.id!,
        enrolled: !optedOut,
        enrolledAt,
        optedOutAt: optedOut ? new Date(enrolledAt.getTime() + 5 * day) : null,
        updatedAt: optedOut ? new Date(enrolledAt.getTime() + 5 * day) : enrolledAt,
        smsState: sms ? (pending ? 'pending' : 'confirmed') : null,
        confirmationRequestedAt: sms ? enrolledAt : null,
        confirmationAttempts: 0,
        confirmedAt: sms && !pending ? new Date(enrolledAt.getTime() + 60_000) : null,
      });
    }
  }
  await insertRows(tx, subscribers, people);
  await insertRows(tx, subscriptionEnrolments, enrolments);
  for (const t of [subscribers, subscriptionEnrolments]) await syncSequence(tx, t);
  return { subscriptions: DEMO_SUBSCRIPTIONS.length, subscribers: people.length, enrolments: enrolments.length };
}

/** A fixed, valid v4-shaped guid per demo subscriber. */
export function demoSubscriberGuid(id: number): string {
  return `5eb5c41b-0000-4000-8000-${String(id).padStart(12, '0')}`;
}
