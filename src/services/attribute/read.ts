import type { Db } from '../../../db/client';
import type { AttributeIndex, AttributeRow } from './model';
import { allAttributeGroups, allAttributes } from './store';

/** Loads every attribute and attribute group (two statements; the reference cache keeps the result). */
export async function loadAttributeIndex(db: Db): Promise<AttributeIndex> {
  const [rows, groups] = await Promise.all([allAttributes(db), allAttributeGroups(db)]);
  const active = rows.filter((r) => r.isActive);
  return {
    byId: new Map(rows.map((r) => [r.id, r])),
    active,
    rank: new Map(active.map((r, i) => [r.id, i])),
    groupById: new Map(groups.map((g) => [g.id, g])),
  };
}

/** All active attributes, in their display order (sort, then name). */
export const listAttributes = (index: AttributeIndex): AttributeRow[] => index.active;

/** One attribute by its code (case-sensitive, as filters take it; active or not), or null. */
export function getAttributeByCode(index: AttributeIndex, code: string): AttributeRow | null {
  for (const row of index.byId.values()) if (row.code === code) return row;
  return null;
}

/** The active attributes among `ids`, in display order (ids of inactive or unknown attributes drop out). */
export function activeAttributesOf(index: AttributeIndex, ids: readonly number[]): AttributeRow[] {
  // Ranks in ascending order by insertion: a showtime has a handful of attributes, and every call of
  // Array.prototype.sort allocates V8's sort state (~2.5 KB), a quarter of a day-of-showtimes request's garbage.
  const ranks: number[] = [];
  for (const id of ids) {
    const rank = index.rank.get(id);
    if (rank === undefined) continue;
    let i = ranks.length;
    ranks.push(rank);
    while (i > 0 && ranks[i - 1] > rank) {
      ranks[i] = ranks[i - 1];
      i -= 1;
    }
    ranks[i] = rank;
  }
  const rows: AttributeRow[] = new Array(ranks.length);
  for (let i = 0; i < ranks.length; i++) rows[i] = index.active[ranks[i]];
  return rows;
}
