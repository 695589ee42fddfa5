import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useTestApp } from '../helpers/app';
import { pickShowtimes, seatsOf, VENDOR, holdSeats, watchSeats, type ShowtimeFixture } from '../helpers/orders';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { clearSubscriptions, eventually, paidOrder, refund, subscribe, WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/** A span as an OTLP/HTTP JSON export carries it, attributes flattened. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number; message?: string };
}

/** An in-process OTLP/HTTP receiver (JSON, as @opentelemetry/exporter-trace-otlp-http sends it). */
async function startCollector() {
  const spans: OtlpSpan[] = [];
  const raw: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      raw.push(body);
      if (req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: (Omit<OtlpSpan, 'attributes'> & { attributes?: { key: string; value: Record<string, unknown> }[] })[] }[] }[];
        };
        for (const rs of parsed.resourceSpans)
          for (const ss of rs.scopeSpans)
            for (const s of ss.spans) {
              const attributes: Record<string, unknown> = {};
              for (const a of s.attributes ?? []) attributes[a.key] = Object.values(a.value)[0];
              spans.push({ ...s, attributes });
            }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, raw, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Collector = Awaited<ReturnType<typeof startCollector>>;

let collector: Collector;
let receiver: Receiver;
let showtimes: ShowtimeFixture[];

beforeAll(async () => {
  collector = await startCollector();
  receiver = await startReceiver();
});
const { app, sql } = useTestApp({ env: () => ({ ...WEBHOOK_TEST_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'marquee-test' }) });
beforeAll(async () => {
  showtimes = await pickShowtimes(sql, 2);
  await clearSubscriptions(sql);
});

afterAll(async () => {
  await receiver?.close();
  await collector?.close();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const traceparent = (traceId = TRACE_ID) => `00-${traceId}-${PARENT_ID}-01`;

/** The spans of one trace, once `ready` holds of them (spans are exported in batches, about every second). */
function traceOf(traceId: string, ready: (spans: OtlpSpan[]) => boolean, label: string): Promise<OtlpSpan[]> {
  return eventually(async () => {
    const spans = collector.spans.filter((s) => s.traceId === traceId);
    return ready(spans) ? spans : undefined;
  }, 10_000, label);
}

const childrenOf = (spans: OtlpSpan[], parent: OtlpSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
const SERVER = 2;
const CLIENT = 3;

test('a catalog read: the incoming traceparent is the parent of the request span; operation and statements below it', async () => {
  const traceId = 'a'.repeat(31) + '1';
  const res = await app.gql(
    `query Day($id: Int!) { showtime(id: $id) { id movie { name } theatre { name } } }`,
    { id: showtimes[0].showtimeId },
    { traceparent: traceparent(traceId) },
  );
  expect(res.errors).toBeUndefined();
  expect(res.statements).toBeGreaterThan(0);
  const spans = await traceOf(traceId, (s) => s.some((x) => x.kind === SERVER) && s.some((x) => x.kind === CLIENT), 'catalog trace');
  const request = spans.find((s) => s.kind === SERVER)!;
  expect(request.parentSpanId).toBe(PARENT_ID);
  expect(request.name).toBe('POST /graphql');
  expect(request.attributes['http.route']).toBe('/graphql');
  expect(Number(request.attributes['http.response.status_code'])).toBe(200);
  const [operation] = childrenOf(spans, request).filter((s) => s.name.startsWith('graphql '));
  expect(operation.name).toBe('graphql query Day');
  expect(operation.attributes['graphql.operation.name']).toBe('Day');
  expect(operation.attributes['graphql.document.hash']).toMatch(/^[0-9a-f]{64}$/);
  expect(Number(operation.attributes['graphql.operation.cost'])).toBeGreaterThan(0);
  const statements = childrenOf(spans, operation).filter((s) => s.kind === CLIENT);
  expect(statements.length).toBeGreaterThan(0);
  for (const s of statements) {
    expect(s.attributes['db.system.name']).toBe('postgresql');
    expect(s.name).toMatch(/^[\w.:-]+( \w+)?$/);
  }
  // Every statement of the trace is under the request (directly, or through its operation).
  const all = spans.filter((s) => s.kind === CLIENT);
  expect(all.length).toBeGreaterThanOrEqual(res.statements);
  for (const s of all) expect([request.spanId, operation.spanId]).toContain(s.parentSpanId);
});

test('a seat hold: addTickets operation with its statements (transaction included) under the request', async () => {
  const order = await app.gql<{ createOrder: { id: number } }>(`mutation { createOrder(input: {}) { id } }`, {}, VENDOR);
  const traceId = 'b'.repeat(31) + '2';
  const res = await app.gql(
    `mutation Hold($input: AddTicketsInput!) { addTickets(input: $input) { id } }`,
    { input: { orderId: order.data!.createOrder.id, showtimeId: showtimes[0].showtimeId, seats: seatsOf(showtimes[0].regular.slice(0, 2)) } },
    { ...VENDOR, traceparent: traceparent(traceId) },
  );
  expect(res.errors).toBeUndefined();
  const spans = await traceOf(
    traceId,
    (s) => s.some((x) => x.kind === SERVER) && s.filter((x) => x.kind === CLIENT).length >= res.statements,
    'hold trace',
  );
  const request = spans.find((s) => s.kind === SERVER)!;
  const operation = childrenOf(spans, request).find((s) => s.name === 'graphql mutation Hold')!;
  expect(operation).toBeDefined();
  expect(operation.attributes['graphql.operation.type']).toBe('mutation');
  const statements = childrenOf(spans, operation).filter((s) => s.kind === CLIENT);
  // The hold's statements, its transaction's included, are the operation's children.
  expect(statements.length).toBeGreaterThanOrEqual(2);
  expect(statements.map((s) => s.name).join(' ')).toMatch(/begin|insert|claim|hold/i);
});

test('a webhook delivery: an attempt span whose traceparent the callback carries, its bookkeeping statements below it', async () => {
  await subscribe(app, receiver.url('/traced'));
  const order = await paidOrder(app, showtimes[1].showtimeId, seatsOf(showtimes[1].regular.slice(0, 1)));
  await refund(app, order.id);
  const [callback] = await receiver.waitFor('/traced', 1);
  const header = String(callback.headers.traceparent ?? '');
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(header);
  expect(match).not.toBeNull();
  const [, traceId, attemptId] = match!;
  const spans = await traceOf(
    traceId,
    (s) => s.some((x) => x.spanId === attemptId) && s.some((x) => x.parentSpanId === attemptId),
    'delivery trace',
  );
  const attempt = spans.find((s) => s.spanId === attemptId)!;
  expect(attempt.name).toBe('webhook delivery');
  expect(attempt.kind).toBe(CLIENT);
  expect(Number(attempt.attributes['http.response.status_code'])).toBe(200);
  expect(Number(attempt.attributes['webhook.attempt'])).toBe(1);
  // Recording the outcome is the attempt's child.
  expect(childrenOf(spans, attempt).map((s) => s.name)).toContain('webhookDelivered');
});

test('a background job: the dispatcher poll is a span with its statements as children', async () => {
  const poll = await eventually(async () => collector.spans.find((s) => s.name === 'webhook dispatcher poll' && collector.spans.some((c) => c.parentSpanId === s.spanId)), 10_000, 'poll span');
  expect(collector.spans.filter((s) => s.parentSpanId === poll.spanId).map((s) => s.name)).toContain('fanOutWebhookEvents');
});

test('a live seat map: the relay read is a span with its statement as child, and each message made is a span', async () => {
  const showtimeId = showtimes[1].showtimeId;
  const watcher = watchSeats(app.url, showtimeId);
  try {
    await watcher.ready;
    const seat = showtimes[1].regular[6];
    await holdSeats(app.gql, showtimeId, seatsOf([seat]));
    await watcher.next((e) => e.seats.some((s) => s.row === seat.row && s.column === seat.column && !s.available));
  } finally {
    await watcher.close();
  }
  const read = await eventually(
    async () =>
      collector.spans.find(
        (s) => s.name === 'seat-event relay read' && Number(s.attributes['relay.events']) > 0 && collector.spans.some((c) => c.parentSpanId === s.spanId),
      ),
    10_000,
    'relay read span',
  );
  expect(collector.spans.filter((s) => s.parentSpanId === read.spanId).every((s) => s.kind === CLIENT)).toBe(true);
  const message = await eventually(
    async () => collector.spans.find((s) => s.name === 'graphql subscription message' && Number(s.attributes['marquee.showtime.id']) === showtimeId),
    10_000,
    'message span',
  );
  expect(message.attributes['graphql.operation.type']).toBe('subscription');
});

test('no personal data or credential in any attribute of any span', async () => {
  const email = 'jane.traced@example.com';
  const phone = '5551234987';
  const res = await app.gql(`mutation Guest($input: CreateOrderInput!) { createOrder(input: $input) { id } }`, { input: { email } }, VENDOR);
  expect(res.errors).toBeUndefined();
  await app.request('GET', `/v4/loyalty-cards?email=${encodeURIComponent(email)}&phone=${phone}`, undefined, VENDOR);
  await app.request('GET', `/v2/unknown/${encodeURIComponent(email)}/${phone}`, undefined, VENDOR);
  await holdSeats(app.gql, showtimes[0].showtimeId, seatsOf(showtimes[0].regular.slice(4, 5)), VENDOR, { email });
  // The spans of those requests have been exported (the last request's route is there).
  await eventually(async () => (collector.spans.some((s) => s.attributes['http.route'] === '/v4/loyalty-cards') ? true : undefined), 10_000, 'exported');
  await eventually(async () => (collector.spans.filter((s) => s.name === 'graphql mutation Guest').length > 0 ? true : undefined), 10_000, 'exported');
  expect(collector.spans.length).toBeGreaterThan(20);
  const forbidden = [email, 'jane.traced', phone, 'demo-vendor-key', '@example.com'];
  for (const span of collector.spans) {
    for (const [key, value] of Object.entries(span.attributes)) {
      for (const word of forbidden) expect(`${span.name} ${key}=${String(value)}`).not.toContain(word);
    }
    for (const word of forbidden) expect(span.name).not.toContain(word);
  }
  // Nor anywhere in what was exported (resource, events, status messages).
  for (const body of collector.raw) for (const word of forbidden) expect(body).not.toContain(word);
});
