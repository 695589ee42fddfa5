import { shapeProblems } from '../helpers/shape';

describe('shapeProblems (the conformance checker itself)', () => {
  test('accepts a conformant body and reports each mismatch', () => {
    const body = { id: 1, name: 'x', score: null, items: [{ n: 1 }, { n: 'two' }], _links: { self: { href: 'h', templated: false } } };
    expect(shapeProblems(body, { id: 'int', name: 'string', score: 'number?', '_links.self': 'link' })).toEqual([]);
    expect(shapeProblems(body, { 'items[].n': 'int' })).toEqual(['items[1].n is "two", not an integer']);
    expect(shapeProblems(body, { score: 'number', missing: 'string' })).toEqual(['score is null', 'missing is missing']);
    expect(shapeProblems({ items: [] }, { 'items[].n': 'int' })).toEqual(['items[] is an empty array (no data to check items[].n)']);
  });
});
