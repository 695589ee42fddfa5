import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';

const { app, sql } = useTestApp();

interface SeatItem {
  row: number;
  column: number;
  type: string;
  seatTier: string;
  available: boolean;
  seatStatus: string;
}
interface LayoutResult {
  showtime: {
    isSoldOut: boolean;
    isAlmostSoldOut: boolean;
    seatingLayout: { rows: number; columns: number; theatreNumber: number; performanceNumber: number; seats: SeatItem[] };
  } | null;
}

const LAYOUT = `query($id: Int!, $account: Int, $card: String) { showtime(id: $id) { isSoldOut isAlmostSoldOut
  seatingLayout(accountId: $account, loyaltyCardNumber: $card) { rows columns theatreNumber performanceNumber
    seats { row column type seatTier available seatStatus } } } }`;

async function layout(id: number, vars: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await app.gql<LayoutResult>(LAYOUT, { id, ...vars }, headers);
  expect(res.errors).toBeUndefined();
  return res.data!.showtime!;
}

/** A future showtime (without claims or social distancing) whose layout has premiere seats. */
async function premiereShowtime(offset = 0) {
  const [row] = await sql`
    select s.id, s.layout_version_id, s.theatre_id, s.performance_number, v.rows, v.columns from showtimes s
    join layout_versions v on v.id = s.layout_version_id
    where s.show_date_time_utc > now() + interval '1 day' and not s.social_distancing
      and exists (select 1 from layout_seats ls where ls.layout_version_id = s.layout_version_id and ls.tier = 'Premiere')
    order by s.id offset ${offset} limit 1`;
  return row;
}

describe('Showtime.seatingLayout', () => {
  it('maps every cell of the layout version, with aisles as NOT_A_SEAT', async () => {
    const st = await premiereShowtime();
    const [{ n }] = await sql`select count(*)::int as n from layout_seats where layout_version_id = ${st.layout_version_id}`;
    const map = (await layout(st.id)).seatingLayout;
    expect(map).toMatchObject({ rows: st.rows, columns: st.columns, theatreNumber: st.theatre_id, performanceNumber: st.performance_number });
    expect(map.seats).toHaveLength(n);
    const aisles = map.seats.filter((s) => s.type === 'NOT_A_SEAT');
    expect(aisles.length).toBeGreaterThan(0);
    expect(aisles.every((s) => s.seatTier === '' && !s.available && s.seatStatus === 'BLOCKED')).toBe(true);
  });

  it('shows premiere seats unavailable to anonymous and non-premiere viewers, available to a Premiere member', async () => {
    const st = await premiereShowtime();
    const premiere = (m: { seats: SeatItem[] }) => m.seats.filter((s) => s.seatTier === 'Premiere');
    const [card] = await sql`select card_number, site_account_id from loyalty_cards where account_type = 'Premiere' and status = 'Active' order by id limit 1`;
    const [other] = await sql`select site_account_id from loyalty_cards where account_type not in ('Premiere', 'PremiereGo') and site_account_id is not null order by id limit 1`;

    const anonymous = premiere((await layout(st.id)).seatingLayout);
    expect(anonymous.length).toBeGreaterThan(0);
    expect(anonymous.every((s) => s.seatStatus === 'PREMIERE_UNAVAILABLE' && !s.available)).toBe(true);

    // Membership arguments count for the caller's own account or card (test/integration/rights.test.ts).
    const token = await signAccountToken(app.config.JWT_SECRET, card.site_account_id);
    const owner = { authorization: `Bearer ${token}` };
    for (const vars of [{ account: card.site_account_id }, { card: card.card_number }]) {
      const member = premiere((await layout(st.id, vars, owner)).seatingLayout);
      expect(member.every((s) => s.seatStatus === 'PREMIERE_AVAILABLE' && s.available)).toBe(true);
    }
    const viaJwt = premiere((await layout(st.id, {}, owner)).seatingLayout);
    expect(viaJwt.every((s) => s.seatStatus === 'PREMIERE_AVAILABLE')).toBe(true);

    const otherToken = await signAccountToken(app.config.JWT_SECRET, other.site_account_id);
    const nonMember = premiere((await layout(st.id, { account: other.site_account_id }, { authorization: `Bearer ${otherToken}` })).seatingLayout);
    expect(nonMember.every((s) => s.seatStatus === 'PREMIERE_UNAVAILABLE')).toBe(true);
  });

  it('shows a sold seat SOLD and a held seat LOCKED (claims inserted in SQL)', async () => {
    const st = await premiereShowtime(1);
    const seats = await sql<{ row: number; column: number }[]>`select row, "column" from layout_seats where layout_version_id = ${st.layout_version_id}
      and type = 'CanReserve' and tier = 'Regular' order by row, "column" limit 2`;
    await sql`insert into seat_claims (showtime_id, row, "column", status) values
      (${st.id}, ${seats[0].row}, ${seats[0].column}, 'sold'),
      (${st.id}, ${seats[1].row}, ${seats[1].column}, 'held')`;
    const map = (await layout(st.id)).seatingLayout;
    const at = (r: { row: number; column: number }) => map.seats.find((s) => s.row === r.row && s.column === r.column)!;
    expect(at(seats[0])).toMatchObject({ seatStatus: 'SOLD', available: false });
    expect(at(seats[1])).toMatchObject({ seatStatus: 'LOCKED', available: false });
    expect(map.seats.filter((s) => s.seatStatus === 'AVAILABLE').length).toBeGreaterThan(0);
  });

  it('flags almost sold out at 90% of sellable seats taken, sold out at 100%', async () => {
    const st = await premiereShowtime(2);
    const sellable = await sql<{ row: number; column: number }[]>`select row, "column" from layout_seats where layout_version_id = ${st.layout_version_id}
      and type not in ('NotASeat', 'Blocked') order by row, "column"`;
    const claim = (seats: { row: number; column: number }[]) =>
      sql`insert into seat_claims ${sql(seats.map((s) => ({ showtime_id: st.id, row: s.row, column: s.column, status: 'sold' })))}`;
    const ninety = Math.ceil(sellable.length * 0.9);
    await claim(sellable.slice(0, ninety - 1));
    expect(await layout(st.id)).toMatchObject({ isAlmostSoldOut: false, isSoldOut: false });
    await claim(sellable.slice(ninety - 1, ninety));
    expect(await layout(st.id)).toMatchObject({ isAlmostSoldOut: true, isSoldOut: false });
    await claim(sellable.slice(ninety));
    expect(await layout(st.id)).toMatchObject({ isAlmostSoldOut: false, isSoldOut: true });
  });
});

describe('Theatre.seatingLayouts', () => {
  it('lists every auditorium with the current version of its layouts, seats and zones', async () => {
    const [t] = await sql`select theatre_id as id from seating_layouts sl join layout_versions v on v.layout_id = sl.id
      join layout_zones z on z.layout_version_id = v.id order by 1 limit 1`;
    const auditoriums = await sql`select a.number, count(sl.id)::int as layouts from auditoriums a
      join seating_layouts sl on sl.auditorium_id = a.id where a.theatre_id = ${t.id} group by 1 order by 1`;
    const res = await app.gql<{
      theatre: { seatingLayouts: { theatreNumber: number; auditoriums: { auditorium: number; layouts: { id: number; versionNumber: number; rows: number; columns: number; seats: { type: string; zoneNumber: number | null }[]; zones: { zoneNumber: number; surchargeAmount: number; description: string }[] }[] }[] } };
    }>(
      `query($id: Int!) { theatre(id: $id) { seatingLayouts { theatreNumber auditoriums { auditorium layouts {
         id versionNumber theatreNumber rows columns seats { row column seatName type seatTier zoneNumber }
         zones { zoneNumber surchargeAmount discountAmount description } } } } } }`,
      { id: t.id },
    );
    expect(res.errors).toBeUndefined();
    const got = res.data!.theatre.seatingLayouts;
    expect(got.theatreNumber).toBe(t.id);
    expect(got.auditoriums.map((a) => [a.auditorium, a.layouts.length])).toEqual(auditoriums.map((a) => [a.number, a.layouts]));
    const layouts = got.auditoriums.flatMap((a) => a.layouts);
    expect(layouts.every((l) => l.seats.length > 0)).toBe(true);
    expect(layouts.some((l) => l.zones.length > 0)).toBe(true);
    const types = new Set(layouts.flatMap((l) => l.seats.map((s) => s.type)));
    expect(types.has('NOT_A_SEAT')).toBe(true);
    const [recliners] = await sql`select count(*)::int as n from layout_seats ls join layout_versions v on v.id = ls.layout_version_id
      join seating_layouts sl on sl.id = v.layout_id where sl.theatre_id = ${t.id} and v.version_number = sl.current_version_number and ls.type = 'Recliner'`;
    expect(layouts.flatMap((l) => l.seats).filter((s) => s.type === 'RECLINER')).toHaveLength(recliners.n);
  });
});

describe('the compact seat map', () => {
  it('seatStatuses is the statuses of layout.seats in order, with the layout version to cache the cells by', async () => {
    const [{ id, held_row, held_column }] = await sql<{ id: number; held_row: number; held_column: number }[]>`
      select s.id, l.row as held_row, l.column as held_column from showtimes s
      join layout_seats l on l.layout_version_id = s.layout_version_id and l.type = 'CanReserve' and l.tier = 'Regular'
      where s.sell_until_date_time_utc > now() + interval '1 day' and not s.is_canceled and not s.in_theatre_ticketing_only
        and not s.social_distancing
      order by s.id limit 1`;
    const order = await app.gql<{ createOrder: { id: number } }>('mutation { createOrder(input: {}) { id } }', {}, { 'x-vendor-key': 'demo-vendor-key' });
    const held = await app.gql(
      'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }',
      { input: { orderId: order.data!.createOrder.id, showtimeId: id, seats: [{ row: held_row, column: held_column }] } },
      { 'x-vendor-key': 'demo-vendor-key' },
    );
    expect(held.errors).toBeUndefined();
    type Compact = {
      showtime: {
        seatingLayout: {
          seatStatuses: string[];
          seats: { row: number; column: number; seatStatus: string }[];
          layout: { id: number; versionNumber: number; seats: { row: number; column: number }[] };
        };
      };
    };
    const res = await app.gql<Compact>(
      `query($id: Int!) { showtime(id: $id) { seatingLayout {
         seatStatuses seats { row column seatStatus } layout { id versionNumber seats { row column } } } } }`,
      { id },
    );
    expect(res.errors).toBeUndefined();
    const map = res.data!.showtime.seatingLayout;
    expect(map.seatStatuses).toEqual(map.seats.map((s) => s.seatStatus));
    expect(map.layout.seats.map((s) => [s.row, s.column])).toEqual(map.seats.map((s) => [s.row, s.column]));
    const at = map.layout.seats.findIndex((s) => s.row === held_row && s.column === held_column);
    expect(map.seatStatuses[at]).toBe('LOCKED');
    expect(map.layout.versionNumber).toBeGreaterThan(0);
  });
});
