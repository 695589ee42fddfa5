import {
  baseSeatStatus,
  collectSeatFacts,
  deriveSeatMap,
  type LayoutSeat,
  type SeatFacts,
} from '../../src/services/seating';

const seat = (over: Partial<LayoutSeat> = {}): LayoutSeat => ({ row: 1, column: 1, type: 'CanReserve', tier: 'Regular', ...over });
const facts = (over: Partial<SeatFacts> = {}): SeatFacts => ({ claim: null, lockReleased: false, block: null, ...over });
const member = { isPremiereMember: true };
const guest = { isPremiereMember: false };

describe('baseSeatStatus', () => {
  it.each([
    ['plain seat', seat(), facts(), guest, 'Available'],
    ['sold', seat(), facts({ claim: 'sold' }), guest, 'Sold'],
    ['held', seat(), facts({ claim: 'held' }), guest, 'Locked'],
    ['aisle', seat({ type: 'NotASeat', tier: '' }), facts(), guest, 'Blocked'],
    ['blocked seat type', seat({ type: 'Blocked' }), facts(), guest, 'Blocked'],
    ['blocked seat type made sellable', seat({ type: 'Blocked' }), facts({ block: 'Unblocked' }), guest, 'Unblocked'],
    ['manual block', seat(), facts({ block: 'Blocked' }), guest, 'Blocked'],
    ['GA override', seat(), facts({ block: 'GAOverride' }), guest, 'GAOverride'],
    ['premiere for member', seat({ tier: 'Premiere' }), facts(), member, 'PremiereAvailable'],
    ['premiere for non-member', seat({ tier: 'Premiere' }), facts(), guest, 'PremiereUnavailable'],
    ['premiere lock released', seat({ tier: 'Premiere' }), facts({ lockReleased: true }), guest, 'Unblocked'],
    ['held premiere', seat({ tier: 'Premiere' }), facts({ claim: 'held' }), member, 'Locked'],
  ] as const)('%s', (_name, s, f, v, expected) => {
    expect(baseSeatStatus(s, f, v)).toBe(expected);
  });
});

describe('deriveSeatMap', () => {
  const row = [1, 2, 3, 4, 5].map((column) => seat({ column }));

  it('blocks the neighbours of sold or locked seats when social distancing is on', () => {
    const f = collectSeatFacts([{ row: 1, column: 3, status: 'sold' }], []);
    const statuses = deriveSeatMap(row, f, guest, { socialDistancing: true }).map((d) => d.status);
    expect(statuses).toEqual(['Available', 'BlockedForSocialDistance', 'Sold', 'BlockedForSocialDistance', 'Available']);
  });

  it('leaves neighbours alone when the rule is off, and marks availability', () => {
    const f = collectSeatFacts([{ row: 1, column: 3, status: 'held' }], []);
    const derived = deriveSeatMap(row, f, guest, { socialDistancing: false });
    expect(derived.map((d) => d.status)).toEqual(['Available', 'Available', 'Locked', 'Available', 'Available']);
    expect(derived.map((d) => d.available)).toEqual([true, true, false, true, true]);
  });
});

describe('collectSeatFacts', () => {
  it('an active claim wins over an earlier released one', () => {
    const f = collectSeatFacts(
      [
        { row: 1, column: 1, status: 'expired' },
        { row: 1, column: 1, status: 'held' },
        { row: 2, column: 2, status: 'released' },
      ],
      [{ row: 3, column: 3, kind: 'Blocked' }],
    );
    expect(f.get('1:1')).toEqual({ claim: 'held', lockReleased: false, block: null });
    expect(f.get('2:2')).toEqual({ claim: null, lockReleased: true, block: null });
    expect(f.get('3:3')?.block).toBe('Blocked');
  });
});
