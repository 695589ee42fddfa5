import { HOLD_LOST_SQLSTATE, seatsWonOfLostHold } from '../../src/services/order';

/** How a pipelined hold learns which seats it had won when `marquee_hold_lost` failed its write. */
describe('seatsWonOfLostHold', () => {
  const lost = (detail: unknown, code = HOLD_LOST_SQLSTATE) => Object.assign(new Error('a seat of the hold was taken by another order'), { code, detail });

  it('reads the seats won from the detail of the MQ409 error, also when a wrapper keeps it as cause', () => {
    expect(seatsWonOfLostHold(lost('[[3,4],[3,5]]'))).toEqual([
      { row: 3, column: 4 },
      { row: 3, column: 5 },
    ]);
    expect(seatsWonOfLostHold(lost('[]'))).toEqual([]);
    expect(seatsWonOfLostHold(new Error('wrapped', { cause: lost('[[1, 2]]') }))).toEqual([{ row: 1, column: 2 }]);
  });

  it('is null for any other error, and for an MQ409 whose detail is not a list of seats', () => {
    expect(seatsWonOfLostHold(lost('[[3,4]]', '23505'))).toBeNull();
    expect(seatsWonOfLostHold(lost('[[3,4]]', '22P02'))).toBeNull();
    expect(seatsWonOfLostHold(lost(undefined))).toBeNull();
    expect(seatsWonOfLostHold(lost('{"row":1}'))).toBeNull();
    expect(seatsWonOfLostHold(new Error('no code'))).toBeNull();
    expect(seatsWonOfLostHold(null)).toBeNull();
  });
});
