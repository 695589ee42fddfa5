import type postgres from 'postgres';
import { WEBHOOK_EVENT_TYPES } from '../../src/services/webhook';
import type { Fixtures } from './graphql-gen';

/** The accounts the generated cases act as (graphql-generated.test.ts mints their tokens). */
export interface FixtureAccounts {
  /** Owns seeded orders, a loyalty card, devices. */
  owner: number;
  /** Any other account; its token carries the admin scope. */
  admin: number;
}

/**
 * Valid argument values from the seeded demo data (graphql-gen.ts, Fixtures): ids that exist, the
 * date and place of a showtime on sale, real seats of it, card numbers, tokens, names and codes.
 * Mutation cases run on two copies of the same seeded database, so what they name is there on both.
 */
/**
 * Stands for the newest webhook subscription's token, which differs between the two databases: the
 * suite writes each side's own in its place (graphql-generated.test.ts).
 */
export const WEBHOOK_TOKEN = '00000000-0000-4000-8000-00000000feed';

export async function readFixtures(sql: postgres.Sql, hookUrl: string): Promise<{ fixtures: Fixtures; accounts: FixtureAccounts }> {
  const ids = async (query: string) => (await sql.unsafe(query)).map((r) => r.v as unknown);
  const shows = await sql<{ id: number; movieId: number; theatreId: number; date: string; lat: number; lng: number; layout: number }[]>`
    select s.id, s.movie_id as "movieId", s.theatre_id as "theatreId", s.layout_version_id as layout,
           to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as date, t.latitude as lat, t.longitude as lng
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '1 day' and not s.is_canceled and not s.is_embargoed
    order by s.id limit 3`;
  if (shows.length < 3) throw new Error('the seeded data has fewer than three showtimes on sale');
  const [onSale, , toCancel] = shows;
  const seats = await sql<{ row: number; column: number }[]>`
    select row, "column" from layout_seats where layout_version_id = ${onSale.layout} and type = 'CanReserve'
    order by row, "column" limit 4`;
  const [owner] = await sql<{ id: number }[]>`select site_account_id as id from orders where site_account_id is not null order by id limit 1`;
  const [admin] = await sql<{ id: number }[]>`select id from site_accounts where id <> ${owner.id} order by id limit 1`;
  const orders = await sql<{ id: number; token: string }[]>`select id, token::text from orders order by id`;
  const nextOrder = Math.max(0, ...orders.map((o) => o.id)) + 1;
  const media = await sql<{ type: string; key: string }[]>`
    select resource_type as type, resource_key as key from media_items where resource_type in ('movie', 'theatre') order by id limit 2`;

  const fixtures: Fixtures = {
    'movie.id': await ids('select id as v from movies order by id limit 3'),
    'theatre.id': await ids('select id as v from theatres order by id limit 3'),
    'showtime.id': shows.map((s) => s.id),
    'person.id': await ids('select id as v from people order by id limit 2'),
    'mediaItem.id': await ids('select id as v from media_items order by id limit 2'),
    'concession.id': await ids(`select id as v from theatre_concessions where theatre_id = ${onSale.theatreId} order by id limit 2`),
    'order.id': orders.map((o) => o.id),
    'account.id': [owner.id, admin.id],
    'loyaltyAccount.id': await ids('select id as v from loyalty_accounts order by id limit 2'),
    'cancelShowtime.id': [toCancel.id],
    movieId: [onSale.movieId],
    theatreId: [onSale.theatreId],
    showtimeId: [onSale.id],
    // The orders the mutation cases create (createOrder comes first), and a seeded (fulfilled) one.
    orderId: [nextOrder, nextOrder + 1, nextOrder + 2, nextOrder + 3, orders[0].id],
    accountId: [owner.id],
    siteAccountId: [owner.id, admin.id],
    'orderByToken.token': orders.map((o) => o.token),
    'unregisterDevice.token': await ids(`select token as v from devices where site_account_id = ${owner.id} order by id limit 2`),
    'RegisterDeviceInput.token': ['gen-device-token-1'],
    cardNumber: await ids('select card_number as v from loyalty_cards order by id limit 3'),
    loyaltyCardNumber: await ids('select card_number as v from loyalty_cards order by id limit 2'),
    email: await ids('select email as v from loyalty_accounts order by id limit 2'),
    emailAddress: await ids('select email as v from loyalty_accounts order by id limit 2'),
    phone: await ids('select mobile_phone_number as v from loyalty_accounts where mobile_phone_number is not null order by id limit 2'),
    phoneNumber: await ids('select mobile_phone_number as v from loyalty_accounts where mobile_phone_number is not null order by id limit 2'),
    associateId: await ids('select associate_id as v from loyalty_accounts where associate_id is not null order by id limit 2'),
    ssn: ['123-45-6789'],
    code: await ids('select code as v from attributes order by id limit 3'),
    includeAttributes: [await ids('select code as v from attributes order by id limit 2')],
    excludeAttributes: [await ids('select code as v from attributes order by id desc limit 1')],
    'marketingSubscription.name': await ids('select name as v from subscriptions order by id limit 2'),
    subscriptionName: await ids('select name as v from subscriptions order by id limit 2'),
    'movies.name': await ids('select name as v from movies order by id limit 2'),
    'theatres.name': await ids('select name as v from theatres order by id limit 2'),
    movieName: await ids('select name as v from movies order by id limit 2'),
    marketSlug: await ids('select slug as v from markets order by id limit 2'),
    state: await ids('select distinct state as v from theatres order by 1 limit 2'),
    genre: await ids('select distinct genre as v from movies where genre is not null order by 1 limit 2'),
    contentType: await ids('select name as v from content_types order by id limit 2'),
    size: await ids('select name as v from image_size_types order by id limit 2'),
    resourceType: media.map((m) => m.type.toUpperCase()),
    resourceId: media.map((m) => m.key),
    date: [onSale.date],
    latitude: [onSale.lat],
    longitude: [onSale.lng],
    radius: [50],
    pageNumber: [1, 2],
    pageSize: [2, 5],
    seats: [seats.slice(0, 2), seats.slice(2, 3)],
    row: seats.map((s) => s.row),
    column: seats.map((s) => s.column),
    theatreConcessionId: await ids(`select id as v from theatre_concessions where theatre_id = ${onSale.theatreId} order by id limit 2`),
    lineNumber: [1, 2],
    eventType: WEBHOOK_EVENT_TYPES.map((e) => e.type),
    // A receiver on loopback (the app allows it): no DNS, the same answer for both sides.
    href: [hookUrl],
    'webhook.token': [WEBHOOK_TOKEN],
    'webhookDeliveries.token': [WEBHOOK_TOKEN],
    'deleteWebhook.token': [WEBHOOK_TOKEN],
    'testWebhooks.token': [WEBHOOK_TOKEN],
    'rotateWebhookSecret.token': [WEBHOOK_TOKEN],
    'redeliverWebhook.token': [WEBHOOK_TOKEN],
    // No delivery: the served app's dispatcher sends its side's deliveries at once, the reference's stay
    // pending, so a redelivery's answer would depend on timing; redeliverWebhook is compared on NOT_FOUND.
    deliveryId: [2_147_483_000],
    reason: await ids('select name as v from refund_reasons order by id limit 2'),
    campaign: await ids('select code as v from loyalty_campaigns order by id limit 2'),
    amount: [5, 12.5],
    total: [20],
    price: [10],
    quantity: [1, 2],
  };
  return { fixtures, accounts: { owner: owner.id, admin: admin.id } };
}
