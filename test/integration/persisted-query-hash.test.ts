import { createHash } from 'node:crypto';
import { useTestApp } from '../helpers/app';
import { sha256Hex } from '../../src/graphql/sha256';

/** Document hashes (src/graphql/sha256.ts) and the persisted-query check of the client's hash. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the memoized hash', () => {
  it('gives the SHA-256 of the text, first time and again, for small and large texts', () => {
    for (const text of ['', '{ theatre(id: 1) { id } }', 'é€😀', 'x'.repeat(20_000)]) {
      expect(sha256Hex(text)).toBe(sha256(text));
      expect(sha256Hex(text)).toBe(sha256(text));
    }
  });
});

describe("Apollo's persisted queries check the client's hash against ours", () => {
  const { app } = useTestApp();

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
