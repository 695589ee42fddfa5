import type postgres from 'postgres';

/** Fixtures and database checks of best-available tests (issue 26). */

/** The seeded auditorium shapes (db/seed/seating.ts) by their grid size. */
export const SHAPES = {
  /** 8 × 14, aisle column 4, wheelchair spaces in row 1, two seats out of service in row 3; zone 1 only. */
  small: { rows: 8, columns: 14 },
  /** 12 × 22, aisle column 12; rows 1–2 are zone 3 (value), the rest zone 1. */
  standard: { rows: 12, columns: 22 },
  /** 17 × 28, aisle columns 7 and 22, walkway row 6; Premiere recliners (zone 2) from row 13. */
  stadium: { rows: 17, columns: 28 },
} as const;

export interface Cell {
  row: number;
  column: number;
  seatName: string;
  type: string;
  tier: string;
  zoneNumber: number | null;
}

export interface ShapeShowtime {
  showtimeId: number;
  layoutVersionId: number;
  cells: Cell[];
  cell(row: number, column: number): Cell;
}

/**
 * Future showtimes on sale for at least a day (not canceled, no social distancing, not in-theatre only,
 * an ADULT price, no blocks and no claims yet) whose layout has the given shape, skipping `skip`.
 */
export async function showtimesOfShape(sql: postgres.Sql, shape: keyof typeof SHAPES, count: number, skip = 0): Promise<ShapeShowtime[]> {
  const { rows, columns } = SHAPES[shape];
  const found = await sql<{ id: number; layout_version_id: number }[]>`
    select s.id, s.layout_version_id from showtimes s
    join layout_versions v on v.id = s.layout_version_id and v.rows = ${rows} and v.columns = ${columns}
    join showtime_ticket_prices p on p.showtime_id = s.id and p.type = 'ADULT'
    where s.sell_until_date_time_utc > now() + interval '1 day' and not s.is_canceled
      and not s.social_distancing and not s.in_theatre_ticketing_only
      and not exists (select 1 from seat_blocks b where b.showtime_id = s.id)
      and not exists (select 1 from seat_claims c where c.showtime_id = s.id)
    order by s.id limit ${count} offset ${skip}`;
  if (found.length < count) throw new Error(`the seed has only ${found.length} such ${shape} showtimes`);
  const out: ShapeShowtime[] = [];
  for (const f of found) {
    const cells = await sql<Cell[]>`
      select "row", "column", seat_name as "seatName", type, tier, zone_number as "zoneNumber" from layout_seats
      where layout_version_id = ${f.layout_version_id} order by "row", "column"`;
    const byKey = new Map(cells.map((c) => [`${c.row}:${c.column}`, c]));
    out.push({
      showtimeId: f.id,
      layoutVersionId: f.layout_version_id,
      cells: [...cells],
      cell: (row, column) => byKey.get(`${row}:${column}`)!,
    });
  }
  return out;
}

/** Seats of a showtime with more than one active claim (must be none). */
export async function doubleClaims(sql: postgres.Sql, showtimeId: number): Promise<number> {
  const rows = await sql`
    select "row", "column" from seat_claims where showtime_id = ${showtimeId} and status in ('held', 'sold')
    group by 1, 2 having count(*) > 1`;
  return rows.length;
}

/** Active claims of one order in a showtime, as `row:column`, sorted. */
export async function claimsOfOrder(sql: postgres.Sql, orderId: number): Promise<string[]> {
  const rows = await sql<{ row: number; column: number }[]>`
    select "row", "column" from seat_claims where order_id = ${orderId} and status in ('held', 'sold') order by 1, 2`;
  return rows.map((r) => `${r.row}:${r.column}`);
}

/**
 * Pairs of side-by-side regular seats (same row, next columns, CanReserve or Recliner of a tier the
 * viewer may buy — here Regular) that are both free in the database: no active claim, no block. Counted
 * in SQL, independently of the allocator.
 */
export async function freeAdjacentPairs(sql: postgres.Sql, showtimeId: number): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    with s as (select layout_version_id as v from showtimes where id = ${showtimeId}),
    free as (
      select l."row", l."column" from layout_seats l, s
      where l.layout_version_id = s.v and l.type = 'CanReserve' and l.tier = 'Regular'
        and not exists (select 1 from seat_claims c where c.showtime_id = ${showtimeId} and c."row" = l."row"
                        and c."column" = l."column" and c.status in ('held', 'sold'))
        and not exists (select 1 from seat_blocks b where b.showtime_id = ${showtimeId} and b."row" = l."row" and b."column" = l."column")
    )
    select count(*)::int as n from free a join free b on b."row" = a."row" and b."column" = a."column" + 1`;
  return n;
}

/** Holds seats as staff would (claims without an order): a fixture that leaves only some seats free. */
export async function claimAllBut(sql: postgres.Sql, st: ShapeShowtime, keep: (c: Cell) => boolean): Promise<void> {
  const taken = st.cells.filter((c) => c.type !== 'NotASeat' && !keep(c));
  await sql`
    insert into seat_claims (showtime_id, "row", "column", order_id, status, expires_at)
    select ${st.showtimeId}, r, c, null, 'held', now() + interval '1 day'
    from unnest(${taken.map((c) => c.row)}::int[], ${taken.map((c) => c.column)}::int[]) as u(r, c)`;
}
