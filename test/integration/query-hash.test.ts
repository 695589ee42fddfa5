import { createHash } from 'node:crypto';
import { startTestApp, type TestApp } from '../helpers/app';
import { memoizeApolloQueryHash, sha256Hex } from '../../src/graphql/query-hash';

/** Apollo's query hashing goes through a memo of SHA-256 digests (src/graphql/query-hash.ts). */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the memoized hash', () => {
  it('gives the SHA-256 of the text, first time and again, for small and large texts', () => {
    for (const text of ['', '{ theatre(id: 1) { id } }', 'é€😀', 'x'.repeat(20_000)]) {
      expect(sha256Hex(text)).toBe(sha256(text));
      expect(sha256Hex(text)).toBe(sha256(text));
    }
  });

  it("stands in for @apollo/utils.createhash's sha256 only, chunks and encodings included", () => {
    memoizeApolloQueryHash();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createHash: apolloHash } = require('@apollo/utils.createhash') as {
      createHash: (kind: string) => { update(d: string | Buffer): { digest(e: string): string } & { update(d: string | Buffer): { digest(e: string): string } } };
    };
    expect(apolloHash('sha256').update('query { a }').digest('hex')).toBe(sha256('query { a }'));
    expect(apolloHash('sha256').update('query ').update('{ a }').digest('hex')).toBe(sha256('query { a }'));
    expect(apolloHash('sha256').update(Buffer.from('abc')).digest('hex')).toBe(sha256('abc'));
    expect(apolloHash('sha256').update('abc').digest('base64')).toBe(createHash('sha256').update('abc').digest('base64'));
    expect(apolloHash('sha512').update('abc').digest('hex')).toBe(createHash('sha512').update('abc').digest('hex'));
  });
});

describe("Apollo's persisted queries check the client's hash against ours", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (body: unknown) =>
    fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (res) => ({ status: res.status, body: (await res.json()) as { data?: unknown; errors?: { message: string }[] } }),
    );

  it('registers with the right hash, then answers by hash alone; a wrong hash is refused', async () => {
    const query = '{ theatre(id: 1) { id } }';
    const persistedQuery = { version: 1, sha256Hash: sha256(query) };
    const registered = await post({ query, extensions: { persistedQuery } });
    expect(registered.body).toEqual({ data: { theatre: { id: 1 } } });
    const byHash = await post({ extensions: { persistedQuery } });
    expect(byHash.body).toEqual({ data: { theatre: { id: 1 } } });
    const wrong = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(`${query} `) } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0].message).toBe('provided sha does not match query');
  });
});
