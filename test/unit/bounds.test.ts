import Fastify from 'fastify';
import { findBadText, INT4_MAX, isRowId, rowIdOf, textProblem } from '../../src/bounds';
import { frameworkErrors } from '../../src/rest/errors';

describe('row ids', () => {
  test.each([
    [1, true],
    [INT4_MAX, true],
    [0, false],
    [-1, false],
    [INT4_MAX + 1, false],
    [1.5, false],
    [Number.NaN, false],
  ])('isRowId(%p) = %p', (n, ok) => expect(isRowId(n)).toBe(ok));

  test.each([
    ['42', 42],
    ['2147483647', INT4_MAX],
    ['2147483648', null],
    ['99999999999999999999', null],
    ['0', null],
    ['-1', null],
    ['1e3', null],
    ['', null],
    ['NOSUCHCODE', null],
  ])('rowIdOf(%p) = %p', (key, id) => expect(rowIdOf(key)).toBe(id));
});

describe('text the database cannot take', () => {
  test.each([
    ['plain', null],
    ['emoji 🎬 and accents é', null],
    ['a\u0000b', 'contains a NUL byte'],
    ['\ud800', 'is not valid Unicode (a lone surrogate)'],
    ['x\udc00', 'is not valid Unicode (a lone surrogate)'],
    ['\udc00\ud800', 'is not valid Unicode (a lone surrogate)'],
  ])('textProblem(%j) = %p', (value, problem) => expect(textProblem(value)).toBe(problem));

  test('findBadText names the first bad string by its path, keys included', () => {
    expect(findBadText({ a: 'ok', seats: [{ row: 1 }, { name: 'x\u0000' }] })).toEqual({ path: 'seats.1.name', problem: 'contains a NUL byte' });
    expect(findBadText({ list: ['fine', '\ud800'] })).toEqual({ path: 'list.1', problem: 'is not valid Unicode (a lone surrogate)' });
    expect(findBadText({ nested: { 'k\u0000': 1 } })).toEqual({ path: 'nested', problem: 'has a key that contains a NUL byte' });
    expect(findBadText('\u0000')).toEqual({ path: '', problem: 'contains a NUL byte' });
    expect(findBadText({ a: [1, true, null, { b: 'fine' }] })).toBeNull();
    expect(findBadText(undefined)).toBeNull();
  });

  test('findBadText walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep)?.problem).toBe('contains a NUL byte');
  });
});

describe('frameworkErrors', () => {
  test('a path that is not valid percent-encoded UTF-8 is a 400 in the chain error body', async () => {
    const app = Fastify({ frameworkErrors });
    app.get('/v2/theatres/:theatreId', async () => ({ ok: true }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const url of ['/v2/theatres/%C3%28', '/v2/theatres/%', '/v2/theatres/%ED%A0%80']) {
        const res = await fetch(`${base}${url}`);
        expect({ url, status: res.status, body: await res.json() }).toEqual({
          url,
          status: 400,
          body: { errors: [{ code: 4000, message: 'The path is not valid percent-encoded UTF-8' }] },
        });
      }
    } finally {
      await app.close();
    }
  });
});
