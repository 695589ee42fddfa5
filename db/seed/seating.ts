import { sql } from 'drizzle-orm';
import { auditoriums, layoutSeats, layoutVersions, layoutZones, seatingLayouts } from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';
import type { TheatreSeed } from './theatres';

/** The seating shapes of the chain's auditoriums. */
export type LayoutShape = 'small' | 'standard' | 'stadium' | 'loveseat';

interface ShapeSpec {
  label: string;
  rows: number;
  columns: number;
  aisleColumns: number[];
  /** Rows that are walkways (all NotASeat). */
  aisleRows: number[];
  /** First row of the Premiere recliner zone (to the back), if any. */
  premiereFromRow?: number;
  /** Rows of LoveSeatLeft/LoveSeatRight pairs, if any. */
  loveSeatRows?: [number, number];
  /** Front rows sold at a discount, if any. */
  valueRows?: number;
}

const SHAPES: Record<LayoutShape, ShapeSpec> = {
  small: { label: 'Small', rows: 8, columns: 14, aisleColumns: [4], aisleRows: [] },
  standard: { label: 'Standard with centre aisle', rows: 12, columns: 22, aisleColumns: [12], aisleRows: [], valueRows: 2 },
  stadium: {
    label: 'Large stadium with Premiere recliners',
    rows: 17,
    columns: 28,
    aisleColumns: [7, 22],
    aisleRows: [6],
    premiereFromRow: 13,
    valueRows: 1,
  },
  loveseat: { label: 'Loveseats', rows: 10, columns: 21, aisleColumns: [11], aisleRows: [], loveSeatRows: [3, 10] },
};

const ZONES = {
  standard: { zoneNumber: 1, surchargeAmount: 0, discountAmount: 0, description: 'Standard seating' },
  premiere: { zoneNumber: 2, surchargeAmount: 4, discountAmount: 0, description: 'Premiere recliners' },
  value: { zoneNumber: 3, surchargeAmount: 0, discountAmount: 1.5, description: 'Front-row value seats' },
  loveseat: { zoneNumber: 4, surchargeAmount: 1.5, discountAmount: 0, description: 'Loveseats for two' },
};

type Cell = Omit<typeof layoutSeats.$inferInsert, 'layoutVersionId'>;

/** The cells of a shape, row 1 nearest the screen; `premiereFromRow` overrides the shape's (version 2). */
export function buildCells(shape: LayoutShape, premiereFromRow?: number): { spec: ShapeSpec; cells: Cell[]; zones: number[] } {
  const spec = SHAPES[shape];
  const premiereRow = premiereFromRow ?? spec.premiereFromRow;
  const cells: Cell[] = [];
  const zones = new Set<number>();
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ'; // no I or O, as on real seat plates
  let letterIndex = 0;
  for (let row = 1; row <= spec.rows; row++) {
    if (spec.aisleRows.includes(row)) {
      for (let column = 1; column <= spec.columns; column++) {
        cells.push({ row, column, seatName: '', type: 'NotASeat', tier: '', zoneNumber: null });
      }
      continue;
    }
    const letter = letters[letterIndex++];
    const seatColumns: number[] = [];
    for (let column = 1; column <= spec.columns; column++) if (!spec.aisleColumns.includes(column)) seatColumns.push(column);
    const premiere = premiereRow !== undefined && row >= premiereRow;
    const love = spec.loveSeatRows && row >= spec.loveSeatRows[0] && row <= spec.loveSeatRows[1];
    const value = !premiere && spec.valueRows !== undefined && row <= spec.valueRows;
    const zone = premiere ? ZONES.premiere : love ? ZONES.loveseat : value ? ZONES.value : ZONES.standard;
    let n = 0;
    for (let column = 1; column <= spec.columns; column++) {
      if (spec.aisleColumns.includes(column)) {
        cells.push({ row, column, seatName: '', type: 'NotASeat', tier: '', zoneNumber: null });
        continue;
      }
      n++;
      const pos = seatColumns.indexOf(column);
      let type = premiere ? 'Recliner' : 'CanReserve';
      if (row === 1) {
        // Wheelchair spaces on the outside with their companion seats beside them.
        if (pos === 0 || pos === seatColumns.length - 1) type = 'Wheelchair';
        else if (pos === 1 || pos === seatColumns.length - 2) type = 'Companion';
      } else if (love) {
        // Pairs inside each section: the first seat of a pair is the left half.
        const section = spec.aisleColumns.filter((a) => a < column).length;
        const sectionStart = section === 0 ? 1 : spec.aisleColumns[section - 1] + 1;
        type = (column - sectionStart) % 2 === 0 ? 'LoveSeatLeft' : 'LoveSeatRight';
      } else if (row === (spec.loveSeatRows ? 2 : 3) && (pos === 2 || pos === 3) && !premiere) {
        // Two broken seats out of service.
        type = 'Blocked';
      }
      zones.add(zone.zoneNumber);
      cells.push({ row, column, seatName: `${letter}${n}`, type, tier: premiere ? 'Premiere' : 'Regular', zoneNumber: zone.zoneNumber });
    }
  }
  return { spec, cells, zones: [...zones].sort((a, b) => a - b) };
}

export interface LayoutVersionRef {
  id: number;
  versionNumber: number;
  /** First theatre-local day index (0 = today) this version is used on. */
  fromDay: number;
}

export interface AuditoriumSeed {
  theatreId: number;
  number: number;
  shape: LayoutShape;
  layoutId: number;
  versions: LayoutVersionRef[];
  /** Premium format code of this auditorium, if it is a premium one. */
  premiumFormat: string | null;
  capacity: number;
}

/** Auditoriums, one seating layout each (one stadium layout per ten theatres gets a version 2 from day 7). */
export async function seedSeating(tx: SeedTx, theatres: TheatreSeed[]): Promise<AuditoriumSeed[]> {
  const rng = createRandom('seating');
  const auditoriumRows: (typeof auditoriums.$inferInsert)[] = [];
  const layoutRows: (typeof seatingLayouts.$inferInsert)[] = [];
  const versionRows: (typeof layoutVersions.$inferInsert)[] = [];
  // Hundreds of layouts share a handful of cell sets: each set is sent once and copied by the server.
  const shapeCells = new Map<string, Cell[]>();
  const versionShapes: { layout_version_id: number; shape: string }[] = [];
  const zoneRows: (typeof layoutZones.$inferInsert)[] = [];
  const seeds: AuditoriumSeed[] = [];

  const addVersion = (layoutId: number, versionNumber: number, shape: LayoutShape, premiereFromRow?: number) => {
    const id = versionRows.length + 1;
    const { spec, cells, zones } = buildCells(shape, premiereFromRow);
    versionRows.push({ id, layoutId, versionNumber, rows: spec.rows, columns: spec.columns });
    const key = `${shape}:${premiereFromRow ?? ''}`;
    shapeCells.set(key, cells);
    versionShapes.push({ layout_version_id: id, shape: key });
    for (const z of zones) {
      const zone = Object.values(ZONES).find((x) => x.zoneNumber === z)!;
      zoneRows.push({ layoutVersionId: id, ...zone });
    }
    return { id, capacity: cells.filter((c) => c.type !== 'NotASeat').length };
  };

  for (const theatre of theatres) {
    for (let number = 1; number <= theatre.screens; number++) {
      const premiumFormat = theatre.premiumFormats[number - 1] ?? null;
      const shape: LayoutShape = premiumFormat
        ? 'stadium'
        : number === 3
          ? 'loveseat'
          : rng.pick<LayoutShape>(['standard', 'standard', 'standard', 'small', 'small', 'loveseat', 'stadium']);
      const auditoriumId = auditoriumRows.length + 1;
      auditoriumRows.push({ id: auditoriumId, theatreId: theatre.id, number });
      const layoutId = layoutRows.length + 1;
      const twoVersions = shape === 'stadium' && number === 1 && theatre.id % 10 === 1;
      layoutRows.push({
        id: layoutId,
        auditoriumId,
        theatreId: theatre.id,
        name: `Auditorium ${number} – ${SHAPES[shape].label}`,
        currentVersionNumber: twoVersions ? 2 : 1,
      });
      const v1 = addVersion(layoutId, 1, shape);
      const versions: LayoutVersionRef[] = [{ id: v1.id, versionNumber: 1, fromDay: 0 }];
      if (twoVersions) {
        // The remodel: one more row of Premiere recliners, for showtimes from day 7 on.
        const v2 = addVersion(layoutId, 2, shape, (SHAPES.stadium.premiereFromRow ?? 2) - 1);
        versions.push({ id: v2.id, versionNumber: 2, fromDay: 7 });
      }
      seeds.push({ theatreId: theatre.id, number, shape, layoutId, versions, premiumFormat, capacity: v1.capacity });
    }
  }
  await insertRows(tx, auditoriums, auditoriumRows);
  await insertRows(tx, seatingLayouts, layoutRows);
  await insertRows(tx, layoutVersions, versionRows);
  await copyShapeCells(tx, shapeCells, versionShapes);
  await insertRows(tx, layoutZones, zoneRows);
  for (const t of [auditoriums, seatingLayouts, layoutVersions]) await syncSequence(tx, t);
  return seeds;
}

/** Inserts every version's cells: the distinct cell sets joined, server-side, to the versions using them. */
async function copyShapeCells(
  tx: SeedTx,
  shapeCells: Map<string, Cell[]>,
  versionShapes: { layout_version_id: number; shape: string }[],
): Promise<void> {
  const cells = [...shapeCells].flatMap(([shape, list]) =>
    list.map((c) => ({ shape, row: c.row, column: c.column, seat_name: c.seatName, type: c.type, tier: c.tier, zone_number: c.zoneNumber })),
  );
  const cellJson = JSON.stringify(cells);
  for (let i = 0; i < versionShapes.length; i += 1000) {
    await tx.execute(sql`
      insert into ${layoutSeats} (layout_version_id, "row", "column", seat_name, type, tier, zone_number)
      select v.layout_version_id, c."row", c."column", c.seat_name, c.type, c.tier, c.zone_number
      from json_to_recordset(${JSON.stringify(versionShapes.slice(i, i + 1000))}::json) as v(layout_version_id integer, shape text)
      join json_to_recordset(${cellJson}::json)
        as c(shape text, "row" integer, "column" integer, seat_name text, type text, tier text, zone_number integer)
        on c.shape = v.shape
      order by v.layout_version_id, c."row", c."column"`);
  }
}

/** The number of layout seat rows the seating section inserted (for progress lines). */
export function countSeats(seeds: AuditoriumSeed[]): number {
  return seeds.reduce((sum, a) => sum + a.capacity, 0);
}
