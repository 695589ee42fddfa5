import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type postgres from 'postgres';
import { startTestApp, type GraphQLResponse, type TestApp } from '../helpers/app';
import { pickShowtimes, sqlOf, type ShowtimeFixture } from '../helpers/orders';
import { openSocket } from '../helpers/ws';

const CLIENT_APP = path.join(__dirname, '..', 'fixtures', 'client-app');
const CODEGEN = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'graphql-codegen');

/**
 * What docs/clients.md tells an app team to do: GraphQL Code Generator's client preset with
 * `persistedDocuments` over schema/schema.graphql, its persisted-documents.json as the service's
 * GRAPHQL_TRUSTED_DOCUMENTS, and the operations sent by their hashes, the service refusing everything else.
 */
describe('a manifest made by GraphQL Code Generator (test/fixtures/client-app)', () => {
  let app: TestApp;
  let sql: postgres.Sql;
  let show: ShowtimeFixture;
  let idOf: (operation: string) => string;
  beforeAll(async () => {
    await promisify(execFile)(CODEGEN, ['--config', 'codegen.ts'], { cwd: CLIENT_APP, timeout: 60_000 });
    const file = path.join(CLIENT_APP, 'src', 'gql', 'persisted-documents.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    idOf = (operation) => {
      const id = Object.keys(manifest).find((key) => manifest[key].includes(` ${operation}(`));
      if (!id) throw new Error(`${operation} is not in ${JSON.stringify(manifest)}`);
      return id;
    };
    app = await startTestApp({ env: { GRAPHQL_TRUSTED_DOCUMENTS: file, GRAPHQL_UNTRUSTED_DOCUMENTS: 'refuse' } });
    sql = sqlOf(app);
    [show] = await pickShowtimes(sql, 1, 20);
  }, 90_000);
  afterAll(async () => {
    await sql?.end();
    await app?.close();
  });

  it('runs the app\'s query by its documentId, and refuses any other document', async () => {
    const id = idOf('TheatreName');
    expect(id).toMatch(/^sha256:[0-9a-f]{64}$/);
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: id, variables: { id: 1 } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { theatre: { id: 1, name: expect.any(String) } } });

    const other = await app.gql('query TheatreName($id: Int!) { theatre(id: $id) { id name timezone } }', { id: 1 });
    expect(other.status).toBe(400);
    expect(other.errors?.[0]?.extensions?.code).toBe('UNTRUSTED_DOCUMENT');
  });

  it('runs the app\'s subscription by its documentId over graphql-ws', async () => {
    const socket = await openSocket(app.url);
    try {
      await socket.waitFor((m) => m.type === 'connection_ack');
      socket.send({ id: 'live', type: 'subscribe', payload: { query: '', documentId: idOf('SeatUpdates'), variables: { showtimeId: show.showtimeId } } });
      const first = await socket.waitFor((m) => m.id === 'live');
      expect(first.type).toBe('next');
      const { data } = first.payload as GraphQLResponse<{ seatStatusChanged: { cursor: string; seats: unknown[] } }>;
      expect(data?.seatStatusChanged.cursor).toEqual(expect.any(String));
    } finally {
      socket.close();
    }
  });
});
