import { SELLABLE, type LayoutSeat, type SeatStatus } from './seat-status';

/**
 * Best-available seats (issue 26): which seats of one showtime a party should get, as a pure function
 * of (layout, the seats' statuses for the requester, request). The statuses come from `deriveSeatMap`
 * (seat-status.ts), so every rule of who may buy what — claims, blocks, seat types, Premiere membership,
 * social distancing — is the seat map's own. docs/seating.md has the rules, the score and drawn examples;
 * src/services/order/best-available.ts claims what this chooses.
 */

/** A layout cell as the allocator reads it (a layout seat row has these fields and more). */
export interface AllocationCell extends LayoutSeat {
  seatName: string;
  zoneNumber: number | null;
}

/** A layout version prepared once for allocation (it is immutable, so this is cached with it). */
export interface AllocationLayout {
  /** Every cell, NotASeat included, in (row, column) order. */
  cells: readonly AllocationCell[];
  rows: number;
  columns: number;
  /** The sweet spot: the centre column, two thirds of the way from the screen (row 1) to the back. */
  sweetRow: number;
  sweetColumn: number;
  /** Position of each row that has seats among those rows (walkway rows skipped): which rows are adjacent. */
  seatRowIndex: ReadonlyMap<number, number>;
  zones: ReadonlySet<number>;
}

export interface AllocationRequest {
  /** People in the party. */
  quantity: number;
  /** Only seats of this price zone. */
  zoneNumber?: number | null;
  /** One wheelchair space and `quantity - 1` companion seats beside it. */
  accessible?: boolean | null;
  /** When no block seats everyone together: the fewest rows, adjacent rows first. */
  allowSplit?: boolean | null;
  /** The showtime's social-distancing rule: the seat beside the group will be blocked, so it is not left over. */
  socialDistancing?: boolean;
}

export type Allocation =
  | { ok: true; seats: AllocationCell[]; split: boolean }
  /** `free`: seats the request could use at all; `split`: what a split would hold (null: no split fits or applies). */
  | { ok: false; free: number; split: AllocationCell[] | null };

/** A row is about twice as deep (≈ 1 m) as a seat is wide (≈ 0.5 m): one row off counts as two seats off. */
const ROW_DEPTH = 2;
/** Where the sweet spot sits between the screen (0) and the back row (1). */
const SWEET_DEPTH = 2 / 3;
/** At most this many people per call. */
export const MAX_PARTY = 10;

const ACCESSIBLE_TYPES: ReadonlySet<string> = new Set(['Wheelchair', 'Companion']);
const EPSILON = 1e-9;

/** Prepares a layout version's cells for allocation. */
export function allocationLayout(cells: readonly AllocationCell[]): AllocationLayout {
  const sorted = [...cells].sort((a, b) => a.row - b.row || a.column - b.column);
  let rows = 0;
  let columns = 0;
  const seatRows = new Set<number>();
  const zones = new Set<number>();
  for (const c of sorted) {
    rows = Math.max(rows, c.row);
    columns = Math.max(columns, c.column);
    if (c.type === 'NotASeat') continue;
    seatRows.add(c.row);
    if (c.zoneNumber !== null) zones.add(c.zoneNumber);
  }
  const seatRowIndex = new Map([...seatRows].sort((a, b) => a - b).map((row, i) => [row, i] as const));
  return { cells: sorted, rows, columns, sweetRow: 1 + SWEET_DEPTH * (rows - 1), sweetColumn: (1 + columns) / 2, seatRowIndex, zones };
}

/**
 * A stretch of one run (adjacent seats of one row the request may use) inside the requested zone:
 * positions `from`..`to` of `run`, which holds indexes of `layout.cells`.
 */
interface Segment {
  run: readonly number[];
  from: number;
  to: number;
}

interface Candidate {
  cells: number[];
  /** Sides of the block that would leave one seat alone (0–2). */
  orphans: number;
  distance: number;
  row: number;
  column: number;
}

/**
 * Chooses seats for the request, or says why none fit. With `statuses[i]` the status of `layout.cells[i]`
 * for the requester. Rules, in order: seats the requester may buy (and of the requested kind and zone);
 * one block of adjacent seats in one row, with no single seat left alone beside it when such a block
 * exists, nearest the sweet spot; else, with `allowSplit`, the fewest rows, adjacent rows first.
 */
export function allocateSeats(layout: AllocationLayout, statuses: readonly SeatStatus[], request: AllocationRequest): Allocation {
  const q = request.quantity;
  const accessible = request.accessible === true;
  const zone = request.zoneNumber ?? null;
  const segments = segmentsOf(layout, statuses, accessible, zone);
  const free = segments.reduce((n, s) => n + s.to - s.from + 1, 0);
  const block = bestBlock(layout, segments, q, accessible, request.socialDistancing === true);
  if (block) return { ok: true, seats: cellsOf(layout, block.cells), split: false };
  // A companion seat is one only beside its wheelchair space: an accessible party is not split.
  const split = accessible ? null : splitSeats(layout, segments, q, request.socialDistancing === true);
  if (split && request.allowSplit) return { ok: true, seats: cellsOf(layout, split), split: true };
  return { ok: false, free, split: split ? cellsOf(layout, split) : null };
}

const cellsOf = (layout: AllocationLayout, indexes: readonly number[]) =>
  [...indexes].sort((a, b) => a - b).map((i) => layout.cells[i]);

/** Runs of adjacent seats the request may use, cut to the requested zone. */
function segmentsOf(layout: AllocationLayout, statuses: readonly SeatStatus[], accessible: boolean, zone: number | null): Segment[] {
  const runs: number[][] = [];
  let run: number[] = [];
  layout.cells.forEach((cell, i) => {
    const open = SELLABLE.has(statuses[i]) && ACCESSIBLE_TYPES.has(cell.type) === accessible;
    const last = run.length ? layout.cells[run[run.length - 1]] : null;
    // An aisle, a missing cell, a seat the requester may not use or a new row ends the run.
    if (run.length && (!open || last!.row !== cell.row || last!.column !== cell.column - 1)) {
      runs.push(run);
      run = [];
    }
    if (open) run.push(i);
  });
  if (run.length) runs.push(run);
  const segments: Segment[] = [];
  for (const r of runs) {
    let from = -1;
    r.forEach((cellIndex, p) => {
      const inZone = zone === null || layout.cells[cellIndex].zoneNumber === zone;
      if (inZone && from < 0) from = p;
      if (!inZone && from >= 0) {
        segments.push({ run: r, from, to: p - 1 });
        from = -1;
      }
    });
    if (from >= 0) segments.push({ run: r, from, to: r.length - 1 });
  }
  return segments;
}

/** Better first: fewer lone seats left, nearer the sweet spot, farther back, further left. */
function compare(a: Candidate, b: Candidate): number {
  if (a.orphans !== b.orphans) return a.orphans - b.orphans;
  if (Math.abs(a.distance - b.distance) > EPSILON) return a.distance - b.distance;
  return b.row - a.row || a.column - b.column;
}

/** The block `from`..`to` of a run, scored. */
function candidate(layout: AllocationLayout, run: readonly number[], from: number, to: number, distancing: boolean): Candidate {
  const first = layout.cells[run[from]];
  const last = layout.cells[run[to]];
  // Under social distancing the seat beside the group is blocked once it is held: one seat further is the one left alone.
  const leftOver = (n: number) => (distancing ? Math.max(0, n - 1) : n);
  const orphans = (leftOver(from) === 1 ? 1 : 0) + (leftOver(run.length - 1 - to) === 1 ? 1 : 0);
  const distance = Math.hypot(ROW_DEPTH * (first.row - layout.sweetRow), (first.column + last.column) / 2 - layout.sweetColumn);
  return { cells: run.slice(from, to + 1), orphans, distance, row: first.row, column: first.column };
}

/** The best block of `q` adjacent seats inside the segments (accessible: exactly one wheelchair space). */
function bestBlock(layout: AllocationLayout, segments: readonly Segment[], q: number, accessible: boolean, distancing: boolean): Candidate | null {
  let best: Candidate | null = null;
  for (const s of segments) {
    for (let from = s.from; from + q - 1 <= s.to; from += 1) {
      if (accessible) {
        let wheelchairs = 0;
        for (let p = from; p < from + q; p += 1) if (layout.cells[s.run[p]].type === 'Wheelchair') wheelchairs += 1;
        if (wheelchairs !== 1) continue;
      }
      const c = candidate(layout, s.run, from, from + q - 1, distancing);
      if (!best || compare(c, best) < 0) best = c;
    }
  }
  return best;
}

const lengthOf = (s: Segment) => s.to - s.from + 1;

/**
 * The party in the fewest rows (an aisle inside a row keeps it one row), then the rows closest together
 * (adjacent rows first), then nearest the sweet spot; spread over those rows as evenly as they allow, each
 * row's share in as few blocks as it can. Null when fewer seats than people are free.
 */
function splitSeats(layout: AllocationLayout, segments: readonly Segment[], q: number, distancing: boolean): number[] | null {
  const byRow = new Map<number, Segment[]>();
  for (const s of segments) {
    const row = layout.cells[s.run[s.from]].row;
    byRow.set(row, [...(byRow.get(row) ?? []), s]);
  }
  const capacity = new Map([...byRow].map(([row, list]) => [row, list.reduce((n, s) => n + lengthOf(s), 0)] as const));
  const caps = [...capacity.values()].sort((a, b) => b - a);
  let k = 0;
  for (let sum = 0; k < caps.length && sum < q; k += 1) sum += caps[k];
  if (caps.reduce((a, b) => a + b, 0) < q) return null;
  const off = (row: number) => Math.abs(row - layout.sweetRow);
  const rows = [...capacity.keys()].sort((a, b) => layout.seatRowIndex.get(a)! - layout.seatRowIndex.get(b)!);
  const index = (row: number) => layout.seatRowIndex.get(row)!;
  const lastIndex = index(rows[rows.length - 1]);
  for (let span = k - 1; span <= lastIndex; span += 1) {
    let best: { rows: number[]; cost: number } | null = null;
    for (const low of rows) {
      const inWindow = rows.filter((r) => index(r) >= index(low) && index(r) <= index(low) + span);
      if (inWindow.length < k) continue;
      const chosen = inWindow.sort((a, b) => capacity.get(b)! - capacity.get(a)! || off(a) - off(b)).slice(0, k);
      if (chosen.reduce((n, r) => n + capacity.get(r)!, 0) < q) continue;
      const cost = chosen.reduce((n, r) => n + off(r), 0);
      if (!best || cost < best.cost - EPSILON) best = { rows: chosen, cost };
    }
    if (best) return fillRows(layout, best.rows, byRow, capacity, q, distancing);
  }
  return null;
}

/** Shares of `q` over the rows, as even as their capacities allow (the larger shares nearer the sweet spot). */
function fillRows(
  layout: AllocationLayout,
  rows: readonly number[],
  byRow: ReadonlyMap<number, Segment[]>,
  capacity: ReadonlyMap<number, number>,
  q: number,
  distancing: boolean,
): number[] {
  const off = (row: number) => Math.abs(row - layout.sweetRow);
  const order = [...rows].sort((a, b) => capacity.get(a)! - capacity.get(b)! || off(b) - off(a));
  let remaining = q;
  const out: number[] = [];
  order.forEach((row, i) => {
    const share = i === order.length - 1 ? remaining : Math.min(capacity.get(row)!, Math.floor(remaining / (order.length - i)));
    out.push(...takeInRow(layout, byRow.get(row)!, share, distancing));
    remaining -= share;
  });
  return out;
}

/** `n` seats of one row: one block if a segment is long enough, else whole segments, longest (then most central) first. */
function takeInRow(layout: AllocationLayout, segments: readonly Segment[], n: number, distancing: boolean): number[] {
  const out: number[] = [];
  let left = [...segments];
  let remaining = n;
  while (remaining > 0) {
    const fit = bestBlock(layout, left.filter((s) => lengthOf(s) >= remaining), remaining, false, distancing);
    if (fit) return out.concat(fit.cells);
    if (left.length === 0) throw new Error('takeInRow: a row was given more people than it has seats');
    const off = (s: Segment) => Math.abs((layout.cells[s.run[s.from]].column + layout.cells[s.run[s.to]].column) / 2 - layout.sweetColumn);
    const longest = left.reduce((a, b) => (lengthOf(b) > lengthOf(a) || (lengthOf(b) === lengthOf(a) && off(b) < off(a)) ? b : a));
    out.push(...longest.run.slice(longest.from, longest.to + 1));
    remaining -= lengthOf(longest);
    left = left.filter((s) => s !== longest);
  }
  return out;
}
