import { formatListDate, parseListDate, reorder } from '../../src/services/movie';

describe('reorder', () => {
  test('inserts a new movie at a position, shifting the rest', () => {
    expect(reorder([1, 2, 3], 9, 1)).toEqual([9, 1, 2, 3]);
    expect(reorder([1, 2, 3], 9, 3)).toEqual([1, 2, 9, 3]);
  });
  test('moves an existing movie; others keep relative order', () => {
    expect(reorder([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(reorder([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
  });
  test('clamps the position to 1..n', () => {
    expect(reorder([1, 2, 3], 1, 99)).toEqual([2, 3, 1]);
    expect(reorder([1, 2, 3], 3, -5)).toEqual([3, 1, 2]);
  });
});

describe('list dates', () => {
  test('parses the spec request format as UTC and prints the response format', () => {
    const d = parseListDate('2030-01-31 23:05:09', 'startDate');
    expect(d.toISOString()).toBe('2030-01-31T23:05:09.000Z');
    expect(formatListDate(d)).toBe('2030-01-31T23:05:09');
    expect(formatListDate(parseListDate('2030-02-01', 'x'))).toBe('2030-02-01T00:00:00');
  });
  test('rejects impossible dates and other formats, naming the argument', () => {
    for (const bad of ['2030-02-30 00:00:00', '2030-01-01 24:00:00', '01/02/2030', 'soon']) {
      expect(() => parseListDate(bad, 'endDate')).toThrow(/endDate/);
    }
  });
});
