import { activeAttributesOf, type AttributeIndex } from '../../src/services/attribute';

/** A showtime's attributes come in display order (the index's rank), inactive or unknown ids left out. */
const rows = ['IMAX', 'DOLBY', 'RESERVED', 'CC', 'DBOX', 'SENSORY'].map((code, i) => ({ id: 10 + i, code }));
// Display order: DBOX, CC, IMAX, SENSORY, DOLBY; RESERVED is inactive (not ranked).
const active = [rows[4], rows[3], rows[0], rows[5], rows[1]];
const index = {
  byId: new Map(rows.map((r) => [r.id, r])),
  active,
  rank: new Map(active.map((r, i) => [r.id, i])),
  groupById: new Map(),
} as unknown as AttributeIndex;

const codes = (ids: number[]) => activeAttributesOf(index, ids).map((r) => r.code);

it('orders by rank whatever the order of the ids', () => {
  expect(codes([10, 11, 13, 14, 15])).toEqual(['DBOX', 'CC', 'IMAX', 'SENSORY', 'DOLBY']);
  expect(codes([15, 14, 13, 11, 10])).toEqual(['DBOX', 'CC', 'IMAX', 'SENSORY', 'DOLBY']);
  expect(codes([11, 10])).toEqual(['IMAX', 'DOLBY']);
});

it('leaves out inactive and unknown ids; none gives none', () => {
  expect(codes([12, 99, 13])).toEqual(['CC']);
  expect(codes([])).toEqual([]);
  expect(codes([12])).toEqual([]);
});

it('agrees with a sort of every permutation of five ids', () => {
  const ids = [10, 11, 13, 14, 15];
  const permutations = (list: number[]): number[][] =>
    list.length <= 1 ? [list] : list.flatMap((x, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((p) => [x, ...p]));
  for (const p of permutations(ids)) expect(codes(p)).toEqual(['DBOX', 'CC', 'IMAX', 'SENSORY', 'DOLBY']);
});
