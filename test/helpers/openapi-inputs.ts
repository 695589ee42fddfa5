/**
 * Requests generated from the app's OpenAPI document (test/integration/input-bounds.test.ts): its
 * operations, a value each body schema accepts, the leaves of a body, and a body with one leaf replaced.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Param {
  name: string;
  in: 'path' | 'query';
  schema: Json;
}
export interface Operation {
  method: string;
  path: string;
  params: Param[];
  body: Json | null;
}

/** Every operation of the document: method, path template, parameters and JSON body schema. */
export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      out.push({ method: method.toUpperCase(), path, params: (op.parameters ?? []) as Param[], body });
    }
  }
  return out;
}

/** A value the schema accepts, to fill the parts of a body that are not under attack. */
export function sampleOf(schema: Json): unknown {
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches) && branches.length > 0 && !schema.type) return sampleOf(branches[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (schema.enum) return schema.enum[0];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [sampleOf(schema.items ?? {})];
  if (type === 'object') return Object.fromEntries(Object.entries<Json>(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s)]));
  return 'x';
}

/** Every leaf of a body schema, as a path of property names and array indexes, with its schema. */
export function leavesOf(schema: Json, at: (string | number)[] = []): { at: (string | number)[]; schema: Json }[] {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object') return Object.entries<Json>(schema.properties ?? {}).flatMap(([k, s]) => leavesOf(s, [...at, k]));
  if (type === 'array') return [{ at, schema }, ...leavesOf(schema.items ?? {}, [...at, 0])];
  return [{ at, schema }];
}

export function withValue(base: Json, schema: Json, at: (string | number)[], value: unknown): Json {
  const copy = structuredClone(base);
  let node: Json = copy;
  let nodeSchema = schema;
  at.forEach((key, i) => {
    const childSchema = typeof key === 'number' ? nodeSchema.items : nodeSchema.properties[key];
    if (i === at.length - 1) {
      node[key] = value;
    } else {
      if (node[key] === undefined || node[key] === null) node[key] = sampleOf(childSchema);
      node = node[key];
      nodeSchema = childSchema;
    }
  });
  return copy;
}

// ---------------------------------------------------------------------------------------------------
// Plausible requests: every parameter of every operation filled with an existing row's value

/** Demo credentials (docs/seed.md): vendor 1's key, and account 1's token with and without admin. */
export interface Credentials {
  vendor: Record<string, string>;
  account: Record<string, string>;
  admin: Record<string, string>;
}

/**
 * Values for the parameters of the document's operations, named as the document names them: ids of
 * seeded rows, and of rows created here (an order with a ticket, a concession with a modifier and a
 * payment, a webhook subscription with a delivery, a movie list). `byPath` overrides a name for the paths
 * matching a pattern (the card token of a gift card differs from a credit card's).
 */
export interface Samples {
  values: Record<string, string>;
  byPath: { path: RegExp; values: Record<string, string> }[];
  /** Other forms a parameter takes (a loyalty card as `id-{cardId}` besides its number). */
  alternatives: Record<string, string[]>;
  /** Query parameters an operation needs to be answered at all (one of several; not expressible as `required`). */
  query: { path: RegExp; values: Record<string, string> }[];
  /** Bodies the service accepts, by `METHOD path` (where the declared types alone do not make one). */
  bodies: Record<string, Json>;
}

/** The value of parameter `name` of the operation at `path`. */
export function sampleValue(samples: Samples, path: string, name: string): string | undefined {
  const special = samples.byPath.find((o) => o.path.test(path) && name in o.values);
  return special ? special.values[name] : samples.values[name];
}

/** The operation's URL with every path parameter filled in (`{name}` → its sample), plus `query`. */
export function urlOf(samples: Samples, op: Pick<Operation, 'path'>, query: Record<string, string> = {}): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, n: string) => {
    const value = sampleValue(samples, op.path, n);
    if (value === undefined) throw new Error(`no sample for path parameter ${n} of ${op.path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

interface Http {
  request<T = unknown>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }>;
}
type Sql = <T extends readonly object[]>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<T>;

function created(label: string, res: { status: number; body: unknown }): Json {
  if (res.status >= 300) throw new Error(`fixture ${label}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

/**
 * Creates the rows the samples point at and returns them. `showtime` is a sellable showtime with a
 * free Regular seat (test/helpers/orders.ts pickShowtimes). Needs an app started with the webhook
 * test settings (loopback targets allowed).
 */
export async function plausibleSamples(
  app: Http,
  sql: Sql,
  credentials: Credentials,
  showtime: { showtimeId: number; seat: { row: number; column: number } },
): Promise<Samples> {
  const { vendor, admin } = credentials;
  const st = created('showtime', await app.request('GET', `/v2/showtimes/${showtime.showtimeId}`));
  const order = created('order', await app.request('POST', '/v2/orders', {}, vendor));
  const ticket = created(
    'ticket',
    await app.request('POST', `/v2/orders/${order.id}/products`, { showtimeId: showtime.showtimeId, seats: [showtime.seat] }, vendor),
  );
  const ticketLine = (ticket._embedded.products as Json[])[0];

  // A concession whose modifier groups can all be satisfied, added with one modifier per group.
  const [tc] = await sql<{ id: number; concession_id: number }[]>`
    select tc.id, tc.concession_id from theatre_concessions tc
    where tc.is_available and exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id)
      and not exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id and g.minimum_quantity > g.maximum_quantity)
    order by tc.id limit 1`;
  const groups = await sql<{ id: number; required: boolean; minimum_quantity: number }[]>`
    select id, required, minimum_quantity from modifier_groups where concession_id = ${tc.concession_id} order by id`;
  const modifiers: { modifierId: number; quantity: number }[] = [];
  let modifierSku = '';
  for (const g of groups) {
    const [m] = await sql<{ id: number; sku: string }[]>`
      select m.id, c.sku from modifiers m join concessions c on c.id = m.concession_id where m.modifier_group_id = ${g.id} order by m.id limit 1`;
    modifiers.push({ modifierId: m.id, quantity: Math.max(g.minimum_quantity, 1) });
    modifierSku ||= m.sku;
  }
  const withConcession = created(
    'concession',
    await app.request('POST', `/v2/orders/${order.id}/products`, { theatreConcessionId: tc.id, quantity: 1, modifiers }, vendor),
  );
  const concessionLine = (withConcession._embedded.products as Json[]).find((p) => p.lineNumber !== ticketLine.lineNumber) as Json;
  const paid = created(
    'payment',
    await app.request('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: 1, cardNumber: '4111111111111111' }, vendor),
  );
  const payment = (paid._embedded.payments as Json[])[0];

  const webhook = created('webhook', await app.request('POST', '/v1/webhooks', { eventType: 'Orders.Refund', href: 'http://127.0.0.1:9/hook' }, vendor));
  created('webhook test', await app.request('POST', `/v1/webhooks/${webhook.token}/test`, undefined, vendor));
  const [delivery] = await sql<{ id: number }[]>`
    select d.id from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id where s.token = ${webhook.token} limit 1`;

  const list = created(
    'movie list',
    await app.request('POST', '/v1/movie-lists', { name: 'Samples', typeName: 'NowPlaying', startDate: listDate(-1), endDate: listDate(30) }, admin),
  );
  const listId = String(list.id ?? /(\d+)$/.exec(String(list._links?.self?.href ?? ''))?.[1]);
  created('movie list item', await app.request('POST', `/v1/movie-lists/${listId}`, { movieId: st.movieId, position: 1 }, admin));

  const card = async (table: string, account: number) =>
    (await sql<{ token: string }[]>`select token::text as token from ${sqlIdent(sql, table)} where site_account_id = ${account} order by id limit 1`)[0].token;
  const [media] = await sql<{ id: number; type: string }[]>`
    select m.id, case when m.video_url is null then 'images' else 'videos' end as type from media_items m
    where m.resource_type = 'movie' and exists (select 1 from renditions r where r.media_item_id = m.id) order by m.id limit 1`;
  const [rendition] = await sql<{ id: number }[]>`select id from renditions where media_item_id = ${media.id} order by id limit 1`;
  const [attribute] = await sql<{ code: string; group_id: number }[]>`select code, group_id from attributes order by id limit 1`;
  const [market] = await sql<{ id: number }[]>`select id from markets order by id limit 1`;
  const [theatre] = await sql<{ state: string; name: string }[]>`select state, name from theatres where id = ${st.theatreId}`;
  const date = String(st.showDateTimeLocal).slice(0, 10);
  const [ownCard] = await sql<{ id: number }[]>`select id from loyalty_cards where card_number = 'PREM000000000001'`;
  const email = 'account1@demo.marquee.example';

  const values: Record<string, string> = {
    typeName: 'NowPlaying',
    'movie-list-id': listId,
    movieId: String(st.movieId),
    'movie-id': String(st.movieId),
    code: attribute.code,
    'group-id': String(attribute.group_id),
    'theatre-number': String(st.theatreId),
    theatreNumber: String(st.theatreId),
    'theatre-id': String(st.theatreId),
    theatreId: String(st.theatreId),
    'performance-number': String(st.performanceNumber),
    performanceNumber: String(st.performanceNumber),
    view: 'now-playing',
    'market-id': String(market.id),
    'state-name': theatre.state,
    'theatre-name': theatre.name,
    'media-type': media.type,
    mediaId: String(media.id),
    'rendition-id': String(rendition.id),
    'resource-type': 'movie',
    resourceId: String(st.movieId),
    'content-type': 'Poster',
    date,
    year: date.slice(0, 4),
    month: String(Number(date.slice(5, 7))),
    day: String(Number(date.slice(8, 10))),
    id: String(showtime.showtimeId),
    showtimeId: String(showtime.showtimeId),
    latitude: '40.75',
    longitude: '-73.99',
    'concession-id': String(tc.concession_id),
    'theatre-product-assignment-id': String(tc.id),
    token: String(order.token),
    orderId: String(order.id),
    accountId: '1',
    'account-id': '1',
    'site-account-id': '1',
    lineNumber: String(ticketLine.lineNumber),
    modifiedOrderItemGuid: String(concessionLine.token),
    modifierSku,
    phoneNumber: '2125550001',
    'subscription-name': 'weekly-showtimes',
    'channel-type': 'email',
    contact: email,
    'email-address': email,
    email,
    audience: 'guest',
    'subscriber-guid': '5eb5c41b-0000-4000-8000-000000000001',
    'phone-number': '2125550001',
    subscriberGuid: '5eb5c41b-0000-4000-8000-000000000001',
    webhooktokenid: String(webhook.token),
    'delivery-id': String(delivery?.id ?? 1),
    'card-number': 'PREM000000000001',
    number: 'PREM000000000001',
    'loyalty-account-id': '1',
    phone: '2125550101',
    campaign: 'summer-blockbusters',
    'card-token': await card('wallet_credit_cards', 1),
    deviceApplicationToken: 'demo-device-account1-iphone',
  };
  return {
    values,
    byPath: [
      { path: /\/modifiers/, values: { lineNumber: String(concessionLine.lineNumber) } },
      { path: /\/payments\//, values: { lineNumber: String(payment.lineNumber) } },
      { path: /\/gift-cards\//, values: { 'card-token': await card('wallet_gift_cards', 1) } },
      { path: /\/partner-cards\//, values: { 'card-token': await card('wallet_partner_cards', 2), 'account-id': '2' } },
      { path: /\/videos\/content-types\//, values: { 'content-type': 'Trailer' } },
    ],
    alternatives: { 'card-number': [`id-${ownCard.id}`], number: [`id-${ownCard.id}`] },
    // Account 7 is an associate (docs/seed.md).
    bodies: { 'POST /v4/loyalty-cards/validations': { associate: { ssn: 900000007, associateId: 5007 } } },
    query: [
      { path: /^\/v2\/locations$/, values: { latitude: values.latitude, longitude: values.longitude } },
      { path: /^\/v2\/(subscriptions|subscriber-profiles)$/, values: { 'email-address': email } },
      { path: /^\/v4\/loyalty-cards$/, values: { 'loyalty-account-id': '1' } },
    ],
  };
}

/** A movie list date (`YYYY-MM-DD hh:mm:ss`, UTC) `days` from now. */
function listDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The query an operation needs to be answered (samples.query), or {}. */
export function neededQuery(samples: Samples, path: string): Record<string, string> {
  return samples.query.find((q) => q.path.test(path))?.values ?? {};
}

/** A table name as an identifier fragment (the callers pass literals). */
function sqlIdent(sql: Sql, table: string): unknown {
  return (sql as unknown as (name: string) => unknown)(table);
}
