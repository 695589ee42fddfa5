import fc from 'fast-check';
import {
  allocateSeats,
  allocationLayout,
  collectSeatFacts,
  deriveSeatMap,
  SELLABLE,
  type AllocationCell,
  type AllocationRequest,
} from '../../src/services/seating';

/**
 * The best-available allocator on halls drawn as text, one rule per test (docs/seating.md has the same
 * drawings). Row 1 is the first line, nearest the screen. Cells:
 *   .  a regular seat            _  an aisle (NotASeat)        #  a seat out of service (type Blocked)
 *   x  held by another order     s  sold                       b  blocked by an admin (seat_blocks)
 *   p  a Premiere recliner       W  a wheelchair space         C  a companion seat
 * Statuses are derived by the seat map's own code (deriveSeatMap), for a member or not, with social
 * distancing or not; the result is drawn back with `*` on the seats chosen.
 */

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

interface Hall {
  rows: string[];
  cells: AllocationCell[];
  claims: { row: number; column: number; status: string }[];
  blocks: { row: number; column: number; kind: string }[];
}

/** A hall from its drawing; `zones` (same shape, digits) gives each seat's zone, else zone 1. */
function hall(rows: string[], zones?: string[]): Hall {
  const cells: AllocationCell[] = [];
  const claims: Hall['claims'] = [];
  const blocks: Hall['blocks'] = [];
  rows.forEach((line, r) => {
    const row = r + 1;
    let n = 0;
    [...line].forEach((ch, c) => {
      const column = c + 1;
      if (ch === '_') {
        cells.push({ row, column, seatName: '', type: 'NotASeat', tier: '', zoneNumber: null });
        return;
      }
      n += 1;
      const type = ch === 'W' ? 'Wheelchair' : ch === 'C' ? 'Companion' : ch === '#' ? 'Blocked' : ch === 'p' ? 'Recliner' : 'CanReserve';
      const zone = zones ? Number(zones[r][c]) : 1;
      cells.push({ row, column, seatName: `${LETTERS[r]}${n}`, type, tier: ch === 'p' ? 'Premiere' : 'Regular', zoneNumber: zone });
      if (ch === 'x') claims.push({ row, column, status: 'held' });
      if (ch === 's') claims.push({ row, column, status: 'sold' });
      if (ch === 'b') blocks.push({ row, column, kind: 'Blocked' });
    });
  });
  return { rows, cells, claims, blocks };
}

interface Options {
  member?: boolean;
  socialDistancing?: boolean;
}

function allocate(h: Hall, request: AllocationRequest, options: Options = {}) {
  const layout = allocationLayout(h.cells);
  const facts = collectSeatFacts(h.claims, h.blocks);
  const derived = deriveSeatMap(layout.cells, facts, { isPremiereMember: options.member === true }, { socialDistancing: options.socialDistancing === true });
  return allocateSeats(
    layout,
    derived.map((d) => d.status),
    { ...request, socialDistancing: options.socialDistancing === true },
  );
}

/** The hall with `*` on `seats`. */
function draw(h: Hall, seats: readonly { row: number; column: number }[]): string[] {
  const rows = h.rows.map((line) => [...line]);
  for (const s of seats) rows[s.row - 1][s.column - 1] = '*';
  return rows.map((r) => r.join(''));
}

/** The drawing of what `request` gets; throws when it gets nothing. */
function chosen(h: Hall, request: AllocationRequest, options?: Options): string[] {
  const result = allocate(h, request, options);
  if (!result.ok) throw new Error(`no allocation: ${JSON.stringify(result)}`);
  return draw(h, result.seats);
}

describe('adjacency', () => {
  it('an aisle breaks adjacency: three together only where three sit side by side', () => {
    const h = hall(['.._..', '.._...']);
    expect(chosen(h, { quantity: 3 })).toEqual(['.._..', '.._***']);
  });

  it('a gap in the layout (a missing cell) breaks it too', () => {
    const h = hall(['......']);
    h.cells = h.cells.filter((c) => c.column !== 3);
    const result = allocate(h, { quantity: 4 });
    expect(result).toMatchObject({ ok: false, free: 5 });
  });

  it('a seat out of service, a held, a sold and an admin-blocked seat break it', () => {
    expect(allocate(hall(['..#..', '..x..', '..s..', '..b..']), { quantity: 3 })).toMatchObject({ ok: false, free: 16 });
  });
});

describe('the sweet spot', () => {
  it('is the centre column two thirds of the way back; ties go left', () => {
    // 7 rows: the sweet row is 1 + 2/3 × 6 = 5; 7 columns: the centre is column 4.
    const h = hall(Array(7).fill('.......'));
    const row5 = (r: string) => ['.......', '.......', '.......', '.......', r, '.......', '.......'];
    expect(chosen(h, { quantity: 2 })).toEqual(row5('..**...'));
    expect(chosen(h, { quantity: 3 })).toEqual(row5('..***..'));
  });

  it('weighs a row off as two seats off', () => {
    // 6 rows, sweet row 4.33. Row 4 has a pair 1.5 seats right of centre (0.33 rows off: 0.67 + 1.5 → 1.64);
    // row 3 has centre pairs 1.33 rows off (2.67 + 0.5 → 2.71). Counting a row as one seat, row 3 would win.
    const h = hall(['.......', '.......', '.......', 'xxxx..x', 'xxxxxxx', '.......']);
    expect(chosen(h, { quantity: 2 })).toEqual(['.......', '.......', '.......', 'xxxx**x', 'xxxxxxx', '.......']);
  });
});

describe('no lone seat left beside the group', () => {
  it('avoids leaving one seat between the group and the row end or a taken seat', () => {
    // Centre blocks (2–3, 3–4) would leave seat 1 or seat 5 alone.
    expect(chosen(hall(['.....']), { quantity: 2 })).toEqual(['**...']);
    expect(chosen(hall(['x.....x']), { quantity: 2 })).toEqual(['x**...x']);
  });

  it('and between the group and an aisle', () => {
    // The centre pair (3–4) would leave seat 2 alone beside the aisle.
    expect(chosen(hall(['_.....']), { quantity: 2 })).toEqual(['_**...']);
  });

  it('takes a block that leaves one alone only when every block does', () => {
    expect(chosen(hall(['...']), { quantity: 2 })).toEqual(['**.']);
  });
});

describe('zones', () => {
  const h = hall(['.....', '.....', '.....', '.....'], ['33333', '11111', '11111', '22222']);

  it('takes only seats of the zone asked for', () => {
    expect(chosen(h, { quantity: 2, zoneNumber: 3 })).toEqual(['**...', '.....', '.....', '.....']);
    expect(chosen(h, { quantity: 2 })).toEqual(['.....', '.....', '**...', '.....']);
  });

  it('answers no fit when the zone has no block, though others do', () => {
    expect(allocate(h, { quantity: 6, zoneNumber: 1 })).toMatchObject({ ok: false, free: 10 });
    expect(allocate(h, { quantity: 2, zoneNumber: 9 })).toMatchObject({ ok: false, free: 0, split: null });
  });
});

describe('Premiere seats', () => {
  // Three rows: the sweet row is 2.33, the Premiere row.
  const h = hall(['.......', 'ppppppp', '.......']);

  it('go to members', () => {
    expect(chosen(h, { quantity: 3 }, { member: true })).toEqual(['.......', 'pp***pp', '.......']);
  });

  it('are not offered to non-members', () => {
    expect(chosen(h, { quantity: 3 })).toEqual(['.......', 'ppppppp', '..***..']);
  });
});

describe('social distancing', () => {
  it('never seats the group beside a held or sold seat', () => {
    // Seats 4 and 6 are blocked beside the sold seat 5. Without the rule every block leaves a lone seat,
    // and the nearest to the centre (2–4) sits beside the sold one.
    const h = hall(['....s....']);
    expect(chosen(h, { quantity: 3 }, { socialDistancing: true })).toEqual(['***.s....']);
    expect(chosen(h, { quantity: 3 })).toEqual(['.***s....']);
    expect(allocate(hall(['.s.s.s.']), { quantity: 1 }, { socialDistancing: true })).toMatchObject({ ok: false, free: 0 });
  });

  it('counts the seat beside the group as blocked when looking for lone seats', () => {
    // Free: 3–6 (2 and 7 are blocked beside the sold seats). 3–4 or 5–6 would leave a pair of which one
    // seat is blocked once the group sits: one sellable seat alone. The middle pair leaves none.
    expect(chosen(hall(['s......s']), { quantity: 2 }, { socialDistancing: true })).toEqual(['s..**..s']);
  });
});

describe('wheelchair spaces', () => {
  const h = hall(['WC...CW', '.......']);

  it('seat an accessible party: one wheelchair space and companions beside it', () => {
    expect(chosen(h, { quantity: 2, accessible: true })).toEqual(['**...CW', '.......']);
    expect(chosen(hall(['CWC...']), { quantity: 3, accessible: true })).toEqual(['***...']);
    expect(chosen(h, { quantity: 1, accessible: true })).toEqual(['*C...CW', '.......']);
  });

  it('are not given to other parties, nor companion seats', () => {
    expect(chosen(hall(['WC..CW']), { quantity: 2 })).toEqual(['WC**CW']);
    expect(allocate(hall(['WC.CW']), { quantity: 2 })).toMatchObject({ ok: false, free: 1 });
  });

  it('do not stretch: two companions need two companion seats beside the space, and the party is not split', () => {
    expect(allocate(h, { quantity: 3, accessible: true, allowSplit: true })).toEqual({ ok: false, free: 4, split: null });
  });
});

describe('no block for the whole party', () => {
  // Pairs only: every row has 2 free seats together, row 3 none.
  const h = hall(['xx..xxx', 'xx..xxx', 'xxxxxxx', 'xx..xxx', 'xx..xxx', 'xxxxxxx']);

  it('without allowSplit: nothing, and what a split would hold', () => {
    const result = allocate(h, { quantity: 4 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.free).toBe(8);
    expect(draw(h, result.split!)).toEqual(['xx..xxx', 'xx..xxx', 'xxxxxxx', 'xx**xxx', 'xx**xxx', 'xxxxxxx']);
  });

  it('with allowSplit: the fewest rows, adjacent rows first, nearest the sweet spot', () => {
    // Two rows of pairs; of the adjacent ones, rows 4–5 are nearest the sweet row (4.33).
    expect(chosen(h, { quantity: 4, allowSplit: true })).toEqual(['xx..xxx', 'xx..xxx', 'xxxxxxx', 'xx**xxx', 'xx**xxx', 'xxxxxxx']);
    // Six people need three rows of pairs: rows 1–3 are the only three adjacent ones, though 5 is nearer.
    const six = hall(['xx..xxx', 'xx..xxx', 'xx..xxx', 'xxxxxxx', 'xx..xxx', 'xxxxxxx']);
    expect(chosen(six, { quantity: 6, allowSplit: true })).toEqual(['xx**xxx', 'xx**xxx', 'xx**xxx', 'xxxxxxx', 'xx..xxx', 'xxxxxxx']);
  });

  it('prefers one row across an aisle to two rows', () => {
    const aisle = hall(['xxxxxxx', 'x.._..x', 'xxxxxxx']);
    expect(chosen(aisle, { quantity: 4, allowSplit: true })).toEqual(['xxxxxxx', 'x**_**x', 'xxxxxxx']);
  });

  it('takes single seats nearest the centre first', () => {
    expect(chosen(hall(['.x.x.x.']), { quantity: 2, allowSplit: true })).toEqual(['.x*x*x.']);
  });

  it('spreads the party as evenly as the rows allow', () => {
    const h2 = hall(['x.....x', 'x.....x', 'xxxxxxx']);
    // Seven people: no row has 7; two rows of 5 → 3 and 4 (the larger share nearer the sweet spot, row 2).
    expect(chosen(h2, { quantity: 7, allowSplit: true })).toEqual(['x***..x', 'x****.x', 'xxxxxxx']);
  });

  it('treats rows on either side of a walkway as adjacent', () => {
    const walk = hall(['x..x', 'x..x', '____', 'x..x', 'xxxx']);
    const result = allocate(walk, { quantity: 4, allowSplit: true });
    expect(result.ok && draw(walk, result.seats)).toEqual(['x..x', 'x**x', '____', 'x**x', 'xxxx']);
  });

  it('says no split helps when fewer seats are free than people', () => {
    expect(allocate(hall(['x.x.x', 'xx.xx']), { quantity: 4, allowSplit: true })).toEqual({ ok: false, free: 3, split: null });
  });
});

describe('properties over random halls', () => {
  const cellChar = fc.constantFrom('.', '.', '.', '.', '_', 'x', 's', 'b', '#', 'p', 'W', 'C');
  const hallArb = fc
    .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 14 }))
    .chain(([rows, columns]) => fc.array(fc.array(cellChar, { minLength: columns, maxLength: columns }).map((r) => r.join('')), { minLength: rows, maxLength: rows }));

  it('holds only sellable seats of the right kind, the party size, and one block whenever one exists', () => {
    fc.assert(
      fc.property(
        hallArb,
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (rows, quantity, accessible, allowSplit, member, socialDistancing) => {
          const h = hall(rows);
          const layout = allocationLayout(h.cells);
          const statuses = deriveSeatMap(layout.cells, collectSeatFacts(h.claims, h.blocks), { isPremiereMember: member }, { socialDistancing }).map((d) => d.status);
          const usable = (i: number) => SELLABLE.has(statuses[i]) && ['Wheelchair', 'Companion'].includes(layout.cells[i].type) === accessible;
          // Brute force: is there a block of `quantity` adjacent usable seats (accessible: with one wheelchair space)?
          let blockExists = false;
          for (let i = 0; i + quantity <= layout.cells.length && !blockExists; i += 1) {
            const run = layout.cells.slice(i, i + quantity);
            const ok =
              run.every((c, j) => usable(i + j) && c.row === run[0].row && c.column === run[0].column + j) &&
              (!accessible || run.filter((c) => c.type === 'Wheelchair').length === 1);
            blockExists = ok;
          }
          const result = allocateSeats(layout, statuses, { quantity, accessible, allowSplit, socialDistancing });
          const seats = result.ok ? result.seats : (result.split ?? []);
          if (result.ok) expect(result.split).toBe(!blockExists);
          else expect(blockExists).toBe(false);
          if (seats.length === 0) return;
          expect(seats).toHaveLength(quantity);
          expect(new Set(seats.map((s) => `${s.row}:${s.column}`)).size).toBe(quantity);
          for (const s of seats) expect(usable(layout.cells.indexOf(s))).toBe(true);
          if (result.ok && !result.split) {
            seats.forEach((s, j) => expect([s.row, s.column]).toEqual([seats[0].row, seats[0].column + j]));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
