import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signAccountToken } from '../../src/auth/principal';
import { useTestApp, type GraphQLResponse, type TestApp } from '../helpers/app';
import { pickShowtimes, type ShowtimeFixture } from '../helpers/orders';
import { openSocket, type RawSocket } from '../helpers/ws';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PAGES = require('../../src/web/assets/page-documents.js') as Record<string, string>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const VENDOR = { 'x-vendor-key': 'demo-vendor-key' };
// Apollo's CSRF prevention lets a GET through with this header (or a JSON content type).
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

interface Answer extends GraphQLResponse {
  status: number;
  headers: Headers;
}

async function post(app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { ...((await res.json()) as GraphQLResponse), status: res.status, headers: res.headers };
}

async function get(app: TestApp, params: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]),
  );
  const res = await fetch(`${app.url}/graphql?${search}`, { headers: { ...PREFLIGHT, ...headers } });
  const text = await res.text();
  return { ...((text ? JSON.parse(text) : {}) as GraphQLResponse), status: res.status, headers: res.headers };
}

const apq = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });
const codeOf = (answer: GraphQLResponse) => answer.errors?.[0]?.extensions?.code;

async function acked(socket: RawSocket): Promise<RawSocket> {
  await socket.waitFor((m) => m.type === 'connection_ack');
  return socket;
}

/** Sends one subscribe on a fresh socket; resolves with its first answer (next or error). */
async function subscribeOnce(app: TestApp, payload: Record<string, unknown>, connectionParams?: Record<string, unknown>) {
  const socket = await acked(await openSocket(app.url, connectionParams));
  try {
    socket.send({ id: 's1', type: 'subscribe', payload });
    return await socket.waitFor((m) => m.id === 's1' && (m.type === 'next' || m.type === 'error'));
  } finally {
    socket.close();
  }
}

function writeManifest(documents: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-manifest-')), 'persisted-documents.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(documents.map((d) => [`sha256:${sha256(d)}`, d]))));
  return file;
}

describe('automatic persisted queries, shared by two instances through Redis', () => {
  const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
  const { app: a, sql } = useTestApp({ env });
  const { app: b } = useTestApp({ env, sharing: a });

  // A text no earlier run registered in the shared Redis (an alias makes it unique).
  const fresh = (selection = 'id name') => `query Fresh { t_${randomUUID().replace(/-/g, '')}: theatre(id: 1) { ${selection} } }`;

  it('POST: not found, then registered with its text, then found by the hash alone', async () => {
    const query = fresh();
    const missing = await post(a, { extensions: apq(query) });
    expect(missing.status).toBe(200);
    expect(missing.errors).toEqual([{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
    expect(missing.headers.get('cache-control')).toBe('private, no-cache, must-revalidate');

    const registered = await post(a, { query, extensions: apq(query) });
    expect(registered.status).toBe(200);
    const [theatre] = Object.values(registered.data ?? {});
    expect(theatre).toEqual({ id: 1, name: expect.any(String) });

    const hit = await post(a, { extensions: apq(query) });
    expect(hit.status).toBe(200);
    expect(hit.data).toEqual(registered.data);
    // The other instance finds it in the shared store.
    expect((await post(b, { extensions: apq(query) })).data).toEqual(registered.data);
  });

  it('GET: the same protocol, and the hit is a cacheable catalog answer', async () => {
    const query = fresh('id name timezone');
    expect((await get(a, { extensions: apq(query) })).errors?.[0]?.message).toBe('PersistedQueryNotFound');
    const registered = await get(a, { query, extensions: apq(query) });
    expect(registered.status).toBe(200);
    const hit = await get(b, { extensions: apq(query) });
    expect(hit.status).toBe(200);
    expect(hit.data).toEqual(registered.data);
    expect(hit.headers.get('cache-control')).toMatch(/public/);
  });

  it('refuses a hash that is not the text\'s, and a malformed persistedQuery', async () => {
    const query = fresh();
    const wrong = await post(a, { query, extensions: apq(`${query} `) });
    expect(wrong.status).toBe(400);
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect((await post(a, { extensions: apq(`${query} `) })).errors?.[0]?.message).toBe('PersistedQueryNotFound');
    const malformed = await post(a, { query, extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } });
    expect(malformed.status).toBe(400);
  });

  it('a GET never runs a mutation, by hash or by text', async () => {
    const mutation = `mutation M_${randomUUID().replace(/-/g, '')} { createOrder(input: {}) { id } }`;
    const [{ before }] = await sql<{ before: number }[]>`select count(*)::int as before from orders`;
    // Registered over POST (it runs there: a vendor's order).
    const registered = await post(a, { query: mutation, extensions: apq(mutation) }, VENDOR);
    expect(registered.status).toBe(200);
    for (const app of [a, b]) {
      const byHash = await get(app, { extensions: apq(mutation) }, VENDOR);
      expect(byHash.status).toBe(405);
      expect(byHash.data ?? null).toBeNull();
    }
    expect((await get(a, { query: mutation, extensions: apq(mutation) }, VENDOR)).status).toBe(405);
    const [{ after }] = await sql<{ after: number }[]>`select count(*)::int as after from orders`;
    expect(after).toBe(before + 1);
  });
});

describe('trusted documents, GRAPHQL_UNTRUSTED_DOCUMENTS=refuse', () => {
  const TRUSTED = 'query Trusted($id: Int!) { theatre(id: $id) { id name } }';
  const UNTRUSTED = '{ theatre(id: 1) { id name timezone } }';
  let show: ShowtimeFixture;
  const { app, sql } = useTestApp({ env: { GRAPHQL_TRUSTED_DOCUMENTS: writeManifest([TRUSTED]), GRAPHQL_UNTRUSTED_DOCUMENTS: 'refuse' } });
  beforeAll(async () => {
    [show] = await pickShowtimes(sql, 1, 20);
  });

  it('refuses a document not in the manifest over HTTP, from anyone', async () => {
    for (const headers of [{}, VENDOR]) {
      const refused = await post(app, { query: UNTRUSTED }, headers);
      expect(refused.status).toBe(400);
      expect(codeOf(refused)).toBe('UNTRUSTED_DOCUMENT');
      expect(refused.data ?? null).toBeNull();
      expect((await get(app, { query: UNTRUSTED }, headers)).status).toBe(400);
      // A repeated parameter is read as Apollo reads it (the first), not skipped.
      const repeated = await fetch(`${app.url}/graphql?query=${encodeURIComponent(UNTRUSTED)}&query=x`, { headers: { ...PREFLIGHT, ...headers } });
      expect(repeated.status).toBe(400);
      expect(codeOf((await repeated.json()) as GraphQLResponse)).toBe('UNTRUSTED_DOCUMENT');
      // Nor may it be registered as an APQ.
      expect(codeOf(await post(app, { query: UNTRUSTED, extensions: apq(UNTRUSTED) }, headers))).toBe('UNTRUSTED_DOCUMENT');
    }
  });

  it('runs a manifest document by documentId (body and GET, sha256: or bare), APQ hash, or its text', async () => {
    const hash = sha256(TRUSTED);
    const variables = { id: 1 };
    const answers = [
      await post(app, { documentId: `sha256:${hash}`, variables }),
      await post(app, { documentId: hash, variables }),
      await get(app, { documentId: `sha256:${hash}`, variables }),
      await get(app, { documentId: hash, variables }),
      await post(app, { extensions: apq(TRUSTED), variables }),
      await get(app, { extensions: apq(TRUSTED), variables }),
      await post(app, { query: TRUSTED, variables }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ theatre: { id: 1, name: expect.any(String) } });
    }
  });

  it('answers an unknown id PERSISTED_DOCUMENT_NOT_FOUND (400), an APQ hash too: registering would not help', async () => {
    const unknown = sha256(UNTRUSTED);
    for (const answer of [
      await post(app, { documentId: `sha256:${unknown}` }),
      await get(app, { documentId: unknown }),
      await post(app, { extensions: apq(UNTRUSTED) }, VENDOR),
    ]) {
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe('PERSISTED_DOCUMENT_NOT_FOUND');
    }
    expect(codeOf(await post(app, { documentId: 'md5:abc' }))).toBe('BAD_USER_INPUT');
  });

  it('graphql-ws subscribe: the same rule', async () => {
    const refused = await subscribeOnce(app, {
      query: 'subscription { seatStatusChanged(showtimeId: 1) { cursor } }',
    }, { vendorKey: 'demo-vendor-key' });
    expect(refused.type).toBe('error');
    expect((refused.payload as { extensions?: { code?: string } }[])[0].extensions?.code).toBe('UNTRUSTED_DOCUMENT');
    const unknown = await subscribeOnce(app, { query: '', documentId: `sha256:${sha256('subscription { x }')}` });
    expect((unknown.payload as { extensions?: { code?: string } }[])[0].extensions?.code).toBe('PERSISTED_DOCUMENT_NOT_FOUND');
  });

  it('lets introspection-only documents through while GRAPHQL_INTROSPECTION is on (GraphiQL\'s Docs pane)', async () => {
    const schema = await post(app, { query: '{ __schema { queryType { name } } }' });
    expect(schema.status).toBe(200);
    expect(schema.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    // Not a way around the manifest: a real field beside it is refused.
    expect(codeOf(await post(app, { query: '{ __schema { queryType { name } } theatre(id: 1) { id } }' }))).toBe('UNTRUSTED_DOCUMENT');
  });

  it('the pages keep working: the seat map\'s subscription by id (payload or extensions) and by text, its query, the box office, GraphiQL\'s default', async () => {
    const variables = { id: show.showtimeId };
    for (const payload of [
      { query: '', documentId: `sha256:${sha256(PAGES.SeatChanges)}`, variables },
      { query: '', extensions: apq(PAGES.SeatChanges), variables },
      { query: PAGES.SeatChanges, variables },
    ]) {
      const first = await subscribeOnce(app, payload);
      expect(first.type).toBe('next');
      expect((first.payload as { data: { seatStatusChanged: { cursor: string } } }).data.seatStatusChanged.cursor).toEqual(expect.any(String));
    }
    const map = await post(app, { query: PAGES.SeatMap, variables });
    expect(map.status).toBe(200);
    expect(map.data).toEqual({ showtime: expect.objectContaining({ id: show.showtimeId }) });
    const order = await post(app, { query: PAGES.BoxOfficeCreate, operationName: 'BoxOfficeCreate' }, VENDOR);
    expect(order.status).toBe(200);
    expect(order.data).toEqual({ createOrder: expect.objectContaining({ id: expect.any(Number), status: expect.any(String) }) });
    const ide = await post(app, { query: PAGES.GraphiqlDefault });
    expect(ide.status).toBe(200);
    expect(ide.errors).toBeUndefined();
  });
});

describe('trusted documents, the default with a manifest (vendors)', () => {
  const UNTRUSTED = '{ theatre(id: 1) { id name } }';
  let show: ShowtimeFixture;
  const { app, sql } = useTestApp({ env: { GRAPHQL_TRUSTED_DOCUMENTS: writeManifest(['{ __typename }']) } });
  beforeAll(async () => {
    [show] = await pickShowtimes(sql, 1, 20);
  });

  it('a vendor key (or an admin) may send any document; nobody else', async () => {
    const anonymous = await post(app, { query: UNTRUSTED });
    expect(anonymous.status).toBe(400);
    expect(codeOf(anonymous)).toBe('UNTRUSTED_DOCUMENT');
    const vendor = await post(app, { query: UNTRUSTED }, VENDOR);
    expect(vendor.status).toBe(200);
    expect(vendor.data).toEqual({ theatre: { id: 1, name: expect.any(String) } });
    const admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1, { admin: true })}` };
    expect((await post(app, { query: UNTRUSTED }, admin)).status).toBe(200);
    const account = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
    expect(codeOf(await post(app, { query: UNTRUSTED }, account))).toBe('UNTRUSTED_DOCUMENT');
    // A vendor may register an APQ too; anyone else's hash is not found.
    const query = `query V_${randomUUID().replace(/-/g, '')} { theatre(id: 1) { id } }`;
    expect((await post(app, { extensions: apq(query) }, VENDOR)).errors?.[0]?.message).toBe('PersistedQueryNotFound');
    expect((await post(app, { query, extensions: apq(query) }, VENDOR)).status).toBe(200);
    expect((await post(app, { extensions: apq(query) }, VENDOR)).data).toEqual({ theatre: { id: 1 } });
    expect(codeOf(await post(app, { extensions: apq(query) }))).toBe('PERSISTED_DOCUMENT_NOT_FOUND');
  });

  it('over graphql-ws, by the socket\'s credentials', async () => {
    const payload = { query: 'subscription($id: Int!) { seatStatusChanged(showtimeId: $id) { cursor } }', variables: { id: show.showtimeId } };
    const refused = await subscribeOnce(app, payload);
    expect(refused.type).toBe('error');
    expect((refused.payload as { extensions?: { code?: string } }[])[0].extensions?.code).toBe('UNTRUSTED_DOCUMENT');
    expect((await subscribeOnce(app, payload, { vendorKey: 'demo-vendor-key' })).type).toBe('next');
  });
});

describe('automatic persisted queries with Redis unreachable', () => {
  const logs: string[] = [];
  // Nothing listens on port 1: every Redis command fails.
  const { app } = useTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'error' }, logStream: { write: (line) => logs.push(line) } });

  it('a registration still runs, a hash alone is not found (the client resends its text), and the failure is logged', async () => {
    const query = '{ theatre(id: 1) { id } }';
    const registered = await post(app, { query, extensions: apq(query) });
    expect(registered.status).toBe(200);
    expect(registered.data).toEqual({ theatre: { id: 1 } });
    expect((await post(app, { extensions: apq(query) })).errors?.[0]?.message).toBe('PersistedQueryNotFound');
    expect(logs.join('')).toMatch(/APQ store: Redis/);
  });
});
