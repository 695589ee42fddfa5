import { ImmutableCache, immutableCacheFor } from '../../src/services/shared/immutable-cache';

describe('ImmutableCache', () => {
  it('fetches only missing keys, in one call, and keeps key order', async () => {
    const cache = new ImmutableCache<number, string>(10);
    const calls: number[][] = [];
    const fetch = async (missing: number[]) => {
      calls.push(missing);
      return missing.map((k) => `v${k}`);
    };
    expect(await cache.loadMany([1, 2], fetch)).toEqual(['v1', 'v2']);
    expect(await cache.loadMany([3, 2, 1], fetch)).toEqual(['v3', 'v2', 'v1']);
    expect(calls).toEqual([[1, 2], [3]]);
  });

  it.each([null, undefined, [] as string[]])('returns but does not keep a value that says nothing was found (%p)', async (absent) => {
    const cache = new ImmutableCache<number, unknown>(10);
    let calls = 0;
    const fetch = async (missing: number[]) => {
      calls += 1;
      return missing.map(() => (calls === 1 ? absent : ['row']));
    };
    expect(await cache.loadMany([1], fetch)).toEqual([absent]);
    // Read again: the row may have arrived since (a replica catching up).
    expect(await cache.loadMany([1], fetch)).toEqual([['row']]);
    expect(await cache.loadMany([1], fetch)).toEqual([['row']]);
    expect(calls).toBe(2);
  });

  it('evicts the least recently used entry past its capacity', () => {
    const cache = new ImmutableCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.size).toBe(2);
  });

  it('keeps one cache per database handle', () => {
    const one = immutableCacheFor<number, number>({}, 'x', 5);
    const dbA = {};
    immutableCacheFor<number, number>(dbA, 'x', 5).set(1, 1);
    expect(immutableCacheFor<number, number>(dbA, 'x', 5).get(1)).toBe(1);
    expect(one.get(1)).toBeUndefined();
  });
});
