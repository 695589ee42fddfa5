import { MAX_PAGE_NUMBER } from '../../schema/paging.type';
import { signAccountToken } from '../../src/auth/principal';
import { PRODUCTION_ENV, useTestApp } from '../helpers/app';
import { operationsOf, leavesOf, sampleOf, withValue, type Json, type Operation } from '../helpers/openapi-inputs';
import { pickShowtimes, VENDOR } from '../helpers/orders';

/**
 * Input bounds, everywhere: no input answers a 5xx. The REST part reads the app's own OpenAPI
 * document, so a route added tomorrow is attacked too: every path parameter, every query parameter and
 * every field of every JSON body gets hostile values (out-of-range numbers, NUL bytes, invalid UTF-8,
 * lone surrogates, huge strings and lists). The GraphQL part sends the same kinds of values as
 * variables and as literals. Runs against a production-mode instance (masking on, no introspection).
 */

interface Res {
  status: number;
  body: Json;
}

const INT4_MAX = 2147483647;
/** Numbers no int4 id column can hold (ids start at 1): their routes answer 404. */
const OUT_OF_RANGE = ['2147483648', '99999999999999999999', '-1', '0'];
/** Raw (already percent-encoded where they need it) hostile values for URLs. */
const HOSTILE_URL_VALUES = [
  ...OUT_OF_RANGE,
  '1e308',
  'abc',
  '%00',
  'a%00b',
  'x'.repeat(5000),
  '%C3%28', // invalid UTF-8
  '%ED%A0%80', // a UTF-8-encoded lone surrogate
  '%',
  '%FF',
];
/** Values that carry a NUL byte or bytes that are not UTF-8: 400 wherever a route reads them. */
const BAD_TEXT = new Set(['%00', 'a%00b', '%C3%28', '%ED%A0%80', '%', '%FF']);
const HUGE_LIST = Array.from({ length: 2000 }, (_, i) => `A${i}`).join(',');
/** Path parameters that are integers but not ids (a date's parts). */
const NOT_IDS = new Set(['year', 'month', 'day']);

const HOSTILE_NUMBERS: unknown[] = [1e308, 2147483648, -1, 1e20, '2147483648'];
/** Integers also get a fraction. */
const HOSTILE_INTEGERS: unknown[] = [...HOSTILE_NUMBERS, 1.5];
const HOSTILE_STRINGS: unknown[] = ['a\u0000b', '\ud800', 'x'.repeat(5000)];
const LIST_LENGTH = 10_000;

let operations: Operation[];
const samples: Record<string, string> = {};
const bases: Record<string, Json[]> = {};
let headers: Record<string, string>;

// Webhook targets on loopback allowed, so a subscription exists for the webhook paths to be attacked.
const { app, sql } = useTestApp({ env: { ...PRODUCTION_ENV, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
beforeAll(async () => {
  const admin = await signAccountToken(app.config.JWT_SECRET, 1, { admin: true });
  headers = { ...VENDOR, authorization: `Bearer ${admin}` };

  const [st] = await pickShowtimes(sql, 1, 3);
  const showtime = (await app.get<Json>(`/v2/showtimes/${st.showtimeId}`)).body;
  const order = (await app.request<Json>('POST', '/v2/orders', {}, VENDOR)).body;
  const seat = { row: st.regular[0].row, column: st.regular[0].column };
  const held = (await app.request<Json>('POST', `/v2/orders/${order.id}/products`, { showtimeId: st.showtimeId, seats: [seat] }, VENDOR)).body;
  expect(held._embedded.products).toHaveLength(1);
  const [concession] = await sql<{ id: number }[]>`select id from theatre_concessions order by id limit 1`;
  const date = showtime.showDateTimeLocal.slice(0, 10);
  const webhook = (await app.request<Json>('POST', '/v1/webhooks', { eventType: 'Orders.Refund', href: 'http://127.0.0.1:9/hook' }, VENDOR)).body;
  Object.assign(samples, {
    theatreId: String(showtime.theatreId),
    theatreNumber: String(showtime.theatreId),
    performanceNumber: String(showtime.performanceNumber),
    showtimeId: String(st.showtimeId),
    movieId: String(showtime.movieId),
    orderId: String(order.id),
    lineNumber: String(held._embedded.products[0].lineNumber),
    token: held._embedded.products[0].token,
    modifiedOrderItemGuid: held._embedded.products[0].token,
    id: String(st.showtimeId),
    accountId: '1',
    date,
    year: date.slice(0, 4),
    month: String(Number(date.slice(5, 7))),
    day: String(Number(date.slice(8, 10))),
    latitude: '32.78',
    // GET /v4/loyalty-cards wants one of loyalty-account-id and email.
    'loyalty-account-id': '1',
    cardNumber: 'PREM000000000001',
    longitude: '-96.8',
    audience: 'guest',
    view: 'now-playing',
    typeName: 'NowPlaying',
    mediaType: 'images',
    resourceType: 'movie',
    resourceId: String(showtime.movieId),
    stateName: 'TX',
    theatreName: 'a',
    phoneNumber: '5551234567',
    webhooktokenid: webhook.token,
  });
  // Bodies that get past the first checks of their route, so hostile values reach the deeper code.
  Object.assign(bases, {
    'POST /v2/orders/{orderId}/products': [
      { showtimeId: st.showtimeId, seats: [{ row: st.regular[1].row, column: st.regular[1].column }] },
      { theatreConcessionId: concession.id, quantity: 1, modifiers: [{ modifierId: 1, quantity: 1 }] },
    ],
    'POST /v2/orders/{orderId}/payments': [{ type: 'creditCard', amount: 1, cardNumber: '4111111111111111' }],
    'POST /v2/orders/{orderId}/refunds': [{ reason: 'WrongSeats', lineNumbers: [1] }],
    'POST /v1/movie-lists': [{ name: 'x', typeName: 'NowPlaying', startDate: '2030-01-01', endDate: '2030-02-01' }],
    'POST /v1/movie-lists/{movie-list-id}': [{ movieId: showtime.movieId, position: 1 }],
    'PUT /v1/movie-lists/{movie-list-id}': [{ movieId: showtime.movieId, position: 1 }],
  });

  const doc = await app.get<Json>('/openapi.json');
  expect(doc.status).toBe(200);
  operations = operationsOf(doc.body);
  expect(operations.length).toBeGreaterThan(50);
}, 120_000);

/** Sends requests a few at a time (the machine is shared) and keeps the order of the answers. */
async function sendAll<T>(items: T[], send: (item: T) => Promise<string | null>): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < items.length; i += 4) {
    const answers = await Promise.all(items.slice(i, i + 4).map(send));
    for (const a of answers) if (a) problems.push(a);
  }
  return problems;
}

async function call(method: string, url: string, body?: unknown): Promise<Res> {
  const res = await fetch(`${app.url}${url}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed };
}

const shortened = (s: string) => (s.length > 80 ? `${s.slice(0, 40)}…(${s.length} chars)` : s);

/** Nothing ≥ 500, and every error in the chain's body shape. */
function generalProblem(label: string, res: Res): string | null {
  if (res.status >= 500) return `${label} → ${res.status} ${JSON.stringify(res.body)}`;
  if (res.status >= 400) {
    const e = res.body.errors?.[0];
    if (!e || typeof e.code !== 'number' || typeof e.message !== 'string' || res.body.errors.length !== 1) {
      return `${label} → ${res.status} without the error body: ${shortened(JSON.stringify(res.body))}`;
    }
  }
  return null;
}

const camel = (n: string) => n.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function pathWith(op: Operation, name: string, value: string): string {
  // The document names parameters as the spec does (`theatre-id`); samples are keyed in camelCase.
  return op.path.replace(/\{([^}]+)\}/g, (_, n: string) => (n === name ? value : encodeURIComponent(samples[camel(n)] ?? '1')));
}

test('every path parameter: hostile values are 4xx; out-of-range ids are 404', async () => {
  const cases = operations.flatMap((op) =>
    op.params.filter((p) => p.in === 'path').flatMap((p) => HOSTILE_URL_VALUES.map((value) => ({ op, p, value }))),
  );
  expect(cases.length).toBeGreaterThan(300);
  const problems = await sendAll(cases, async ({ op, p, value }) => {
    const url = pathWith(op, p.name, value);
    const label = `${op.method} ${op.path} ${p.name}=${shortened(value)}`;
    const res = await call(op.method, url, op.body ? {} : undefined);
    const general = generalProblem(label, res);
    if (general) return general;
    const isId = p.schema.type === 'integer' && !NOT_IDS.has(p.name);
    if (isId && OUT_OF_RANGE.includes(value) && res.status !== 404) return `${label} → ${res.status}, expected 404`;
    if (isId && value === 'abc' && res.status !== 400 && res.status !== 404) return `${label} → ${res.status}`;
    // NUL and invalid UTF-8 are a 400, unless no route matched at all (a route constraint: 404).
    if (BAD_TEXT.has(value) && res.status !== 400 && res.status !== 404) return `${label} → ${res.status}, expected 400`;
    return null;
  });
  expect(problems).toEqual([]);
}, 300_000);

test('a path that is not valid percent-encoded UTF-8 is a 400 with the error body', async () => {
  for (const path of ['/v2/theatres/%C3%28', '/v2/theatres/%', '/v1/attributes/%ED%A0%80', '/v2/movies/views/%FF']) {
    const res = await call('GET', path);
    expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { errors: [{ code: 4000, message: expect.any(String) }] } });
  }
});

test('every query parameter: hostile values are never 5xx; NUL, invalid UTF-8 and 5,000 characters are 400', async () => {
  const cases = operations.flatMap((op) =>
    op.params
      .filter((p) => p.in === 'query')
      .flatMap((p) => [...HOSTILE_URL_VALUES, HUGE_LIST, '2147483647'].map((value) => ({ op, p, value }))),
  );
  expect(cases.length).toBeGreaterThan(100);
  const problems = await sendAll(cases, async ({ op, p, value }) => {
    const base = pathWith(op, '', '');
    const required = op.params.filter((q) => q.in === 'query' && q.name !== p.name && ['latitude', 'longitude', 'loyalty-account-id'].includes(q.name));
    const extra = required.map((q) => `&${q.name}=${samples[q.name]}`).join('');
    const url = `${base}?${p.name}=${value}${extra}`;
    const label = `${op.method} ${op.path}?${p.name}=${shortened(value)}`;
    const res = await call(op.method, url, op.body ? {} : undefined);
    const general = generalProblem(label, res);
    if (general) return general;
    if ((BAD_TEXT.has(value) || value.length >= 5000) && res.status !== 400) return `${label} → ${res.status}, expected 400`;
    return null;
  });
  expect(problems).toEqual([]);
}, 300_000);

test('page-number: at the maximum an empty page on every paged route, above it a 400', async () => {
  const paged = operations.filter((op) => op.params.some((p) => p.in === 'query' && p.name === 'page-number'));
  expect(paged.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const op of paged) {
    // `/v2/subscriptions` needs one of its parameters (not expressible as `required`): the audience; the loyalty card list one filter.
    const required = op.params.filter((q) => q.in === 'query' && ['latitude', 'longitude', 'audience', 'loyalty-account-id'].includes(q.name));
    const extra = required.map((q) => `&${q.name}=${samples[q.name]}`).join('');
    const url = (n: string) => `${pathWith(op, '', '')}?page-number=${n}&page-size=100${extra}`;
    const last = await call('GET', url(String(MAX_PAGE_NUMBER)));
    const lists = Object.values<unknown>(last.body._embedded ?? {});
    if (last.status !== 200 || lists.length !== 1 || (lists[0] as unknown[]).length !== 0 || last.body.pageNumber !== MAX_PAGE_NUMBER) {
      problems.push(`${op.path} page ${MAX_PAGE_NUMBER} → ${last.status} ${shortened(JSON.stringify(last.body))}`);
    }
    for (const n of [String(MAX_PAGE_NUMBER + 1), '2147483648', '99999999999999999999', '1e308']) {
      const res = await call('GET', url(n));
      if (res.status !== 400 || res.body.errors?.[0]?.code !== 4000 || !/page-number/.test(res.body.errors[0].message)) {
        problems.push(`${op.path} page ${n} → ${res.status} ${shortened(JSON.stringify(res.body))}`);
      }
    }
  }
  expect(problems).toEqual([]);
}, 120_000);

test('every JSON body field: huge numbers, NUL bytes, lone surrogates, long strings and 10,000-item lists are 4xx', async () => {
  const cases = operations
    .filter((op) => op.body)
    .flatMap((op) => {
      const schema = op.body as Json;
      const opBases = [{}, sampleOf(schema) as Json, ...(bases[`${op.method} ${op.path}`] ?? [])];
      return opBases.flatMap((base) =>
        leavesOf(schema).flatMap(({ at, schema: leaf }) => {
          const type = Array.isArray(leaf.type) ? leaf.type.find((t: string) => t !== 'null') : leaf.type;
          const values =
            type === 'array'
              ? [Array.from({ length: LIST_LENGTH }, () => sampleOf(leaf.items ?? {}))]
              : type === 'integer'
                ? HOSTILE_INTEGERS
                : type === 'number'
                  ? HOSTILE_NUMBERS
                  : type === 'string'
                    ? HOSTILE_STRINGS
                    : [];
          return values.map((value) => ({ op, at, value, body: withValue(base, schema, at, value) }));
        }),
      );
    });
  expect(cases.length).toBeGreaterThan(100);
  const problems = await sendAll(cases, async ({ op, at, value, body }) => {
    const label = `${op.method} ${op.path} body.${at.join('.')}=${shortened(JSON.stringify(value))}`;
    const res = await call(op.method, pathWith(op, '', ''), body);
    const general = generalProblem(label, res);
    if (general) return general;
    if (res.status < 400) return `${label} → ${res.status}, expected 4xx`;
    return null;
  });
  expect(problems).toEqual([]);
}, 300_000);

describe('GraphQL', () => {
  const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

  test('a NUL byte in a variable is BAD_USER_INPUT', async () => {
    const res = await app.gql('query($code: String!) { attribute(code: $code) { code } }', { code: 'a\u0000b' });
    expect(res.status).toBeLessThan(500);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
  });

  // Postgres would store U+FFFD for it, so only src/graphql/input-guard.ts catches it.
  test('a lone surrogate in a variable is BAD_USER_INPUT', async () => {
    const res = await app.gql('query($code: String!) { attribute(code: $code) { code } }', { code: '\ud800x' });
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
  });

  test('a NUL byte in a string literal is BAD_USER_INPUT', async () => {
    const res = await app.gql('{ attribute(code: "a\\u0000b") { code } }');
    expect(res.status).toBeLessThan(500);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
  });

  test('pageNumber 2147483647 is BAD_USER_INPUT (above the maximum page number)', async () => {
    const res = await app.gql(`{ markets(pageNumber: ${INT4_MAX}) { totalCount items { id } } }`);
    expect(res.status).toBeLessThan(500);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
  });

  test('a 10,000-item list argument is BAD_USER_INPUT', async () => {
    const codes = Array.from({ length: LIST_LENGTH }, (_, i) => `A${i}`);
    const res = await app.gql(
      'query($codes: [String!]) { showtimesNear(date: "2030-01-01", latitude: 32.7, longitude: -96.8, includeAttributes: $codes) { totalCount } }',
      { codes },
    );
    expect(res.status).toBeLessThan(500);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');

    const lines = await app.gql(
      'mutation($input: RefundOrderInput!) { refundOrder(input: $input) { id } }',
      { input: { orderId: Number(samples.orderId), reason: 'WrongSeats', lineNumbers: Array.from({ length: LIST_LENGTH }, (_, i) => i + 1) } },
      VENDOR,
    );
    expect(codeOf(lines)).toBe('BAD_USER_INPUT');
  });

  test('Int ids outside int4 and huge Floats are BAD_USER_INPUT, never a 5xx', async () => {
    const big = await app.gql('query($id: Int!) { theatre(id: $id) { id } }', { id: 2147483648 });
    expect(codeOf(big)).toBe('BAD_USER_INPUT');
    const neg = await app.gql('{ theatre(id: -1) { id } movie(id: 0) { id } }');
    expect(neg.errors).toBeUndefined();
    expect(neg.data).toEqual({ theatre: null, movie: null });
    const far = await app.gql('{ locationsNear(latitude: 1e308, longitude: 1e308) { totalCount } }');
    expect(codeOf(far)).toBe('BAD_USER_INPUT');
    const pay = await app.gql(
      'mutation($input: AddPaymentInput!) { addPayment(input: $input) { id } }',
      { input: { orderId: Number(samples.orderId), type: 'CREDIT_CARD', amount: 1e308 } },
      VENDOR,
    );
    expect(pay.status).toBeLessThan(500);
    expect(codeOf(pay)).toBe('BAD_USER_INPUT');
  });
});
