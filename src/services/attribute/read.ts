import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attributeGroups, attributes, movieAttributes, showtimeAttributes, theatreAttributes } from '../../../db/schema';
import { anyOf, prepared } from '../shared/prepared-reads';

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeGroupRow = typeof attributeGroups.$inferSelect;

const attributeOrder = [asc(attributes.sort), asc(attributes.name), asc(attributes.id)];

/**
 * Every attribute and group, as kept in the reference cache: by id, and the active ones in display
 * order (Postgres's order by sort, name, id, so collation decides as in SQL; `rank` keeps it for subsets).
 */
export interface AttributeIndex {
  byId: Map<number, AttributeRow>;
  active: AttributeRow[];
  rank: Map<number, number>;
  groupById: Map<number, AttributeGroupRow>;
}

/** Loads every attribute and attribute group (two statements; the reference cache keeps the result). */
export async function loadAttributeIndex(db: Db): Promise<AttributeIndex> {
  const [rows, groups] = await Promise.all([
    db.select().from(attributes).orderBy(...attributeOrder),
    db.select().from(attributeGroups),
  ]);
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

/** Attribute ids of each given movie (rows resolve through the reference cache). */
export async function getAttributeIdsOfMovies(db: Db, movieIds: readonly number[]) {
  if (!movieIds.length) return [];
  return prepared(db, 'movieAttributesIds', (d) =>
    d
      .select({ key: movieAttributes.movieId, attributeId: movieAttributes.attributeId })
      .from(movieAttributes)
      .where(anyOf(movieAttributes.movieId, 'ids'))
      .prepare('movieAttributesIds'),
  ).execute({ ids: [...movieIds] });
}

/** Attribute ids of each given theatre (rows resolve through the reference cache). */
export async function getAttributeIdsOfTheatres(db: Db, theatreIds: readonly number[]) {
  if (!theatreIds.length) return [];
  return prepared(db, 'theatreAttributesIds', (d) =>
    d
      .select({ key: theatreAttributes.theatreId, attributeId: theatreAttributes.attributeId })
      .from(theatreAttributes)
      .where(anyOf(theatreAttributes.theatreId, 'ids'))
      .prepare('theatreAttributesIds'),
  ).execute({ ids: [...theatreIds] });
}

/** Attribute ids of each given showtime (rows resolve through the reference cache). */
export async function getAttributeIdsOfShowtimes(db: Db, showtimeIds: readonly number[]) {
  if (!showtimeIds.length) return [];
  return prepared(db, 'showtimeAttributesIds', (d) =>
    d
      .select({ key: showtimeAttributes.showtimeId, attributeId: showtimeAttributes.attributeId })
      .from(showtimeAttributes)
      .where(anyOf(showtimeAttributes.showtimeId, 'ids'))
      .prepare('showtimeAttributesIds'),
  ).execute({ ids: [...showtimeIds] });
}
