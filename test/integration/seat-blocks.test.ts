import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';
import { pickShowtimes, watchSeats, type ShowtimeFixture } from '../helpers/orders';

const SET = `mutation($input: SeatBlockInput!) { setSeatBlocks(input: $input) { seats { row column seatStatus } } }`;
const CLEAR = `mutation($input: SeatBlockInput!) { clearSeatBlocks(input: $input) { seats { row column seatStatus } } }`;

describe('admin seat blocks', () => {
  let st: ShowtimeFixture;
  let admin: Record<string, string>;
  const { app, sql } = useTestApp();
  beforeAll(async () => {
    [st] = await pickShowtimes(sql, 1, 9);
    admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 3, { admin: true })}` };
  });

  it('blocks and clears seats, and viewers see both live', async () => {
    const seat = st.regular[0];
    const watcher = watchSeats(app.url, st.showtimeId);
    await watcher.ready;
    const input = { showtimeId: st.showtimeId, seats: [{ row: seat.row, column: seat.column }], kind: 'BLOCKED' };

    const blocked = await app.gql<{ setSeatBlocks: { seats: { row: number; column: number; seatStatus: string }[] } }>(SET, { input }, admin);
    expect(blocked.errors).toBeUndefined();
    const after = blocked.data!.setSeatBlocks.seats.find((s) => s.row === seat.row && s.column === seat.column);
    expect(after?.seatStatus).toBe('BLOCKED');
    const event = await watcher.next((e) => e.seats.some((s) => s.row === seat.row && s.column === seat.column));
    expect(event.seats.find((s) => s.row === seat.row)?.seatStatus).toBe('BLOCKED');

    const cleared = await app.gql(CLEAR, { input: { showtimeId: st.showtimeId, seats: input.seats } }, admin);
    expect(cleared.errors).toBeUndefined();
    const back = await watcher.next((e) => e.seats.some((s) => s.row === seat.row && s.column === seat.column && s.seatStatus === 'AVAILABLE'));
    expect(back.seats[0].available).toBe(true);
    await watcher.close();
  });

  it('makes a blocked seat type sellable with UNBLOCKED', async () => {
    if (!st.blocked) throw new Error('fixture showtime has no blocked seat');
    const res = await app.gql<{ setSeatBlocks: { seats: { row: number; column: number; seatStatus: string }[] } }>(
      SET,
      { input: { showtimeId: st.showtimeId, seats: [st.blocked], kind: 'UNBLOCKED' } },
      admin,
    );
    expect(res.data!.setSeatBlocks.seats.find((s) => s.row === st.blocked!.row && s.column === st.blocked!.column)?.seatStatus).toBe('UNBLOCKED');
  });

  it('refuses non-admins and aisles, writing nothing', async () => {
    const seat = st.regular[1];
    const input = { showtimeId: st.showtimeId, seats: [{ row: seat.row, column: seat.column }], kind: 'BLOCKED' };
    const anonymous = await app.gql(SET, { input });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const user = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 3)}` };
    expect((await app.gql(SET, { input }, user)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const aisle = await app.gql(SET, { input: { ...input, seats: [st.notASeat] } }, admin);
    expect(aisle.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*)::int as n from seat_blocks where showtime_id = ${st.showtimeId} and "column" = ${seat.column} and "row" = ${seat.row}`;
    expect(n).toBe(0);
  });
});
