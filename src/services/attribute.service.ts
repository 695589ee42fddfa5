import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attributeGroups, attributes, movieAttributes, theatreAttributes } from '../../db/schema';

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeGroupRow = typeof attributeGroups.$inferSelect;

const attributeOrder = [asc(attributes.sort), asc(attributes.name), asc(attributes.id)];

/** All active attributes, in their display order (sort, then name). */
export async function listAttributes(db: Db): Promise<AttributeRow[]> {
  return db
    .select()
    .from(attributes)
    .where(eq(attributes.isActive, true))
    .orderBy(...attributeOrder);
}

/** One attribute by its code (case-sensitive, as filters take it), or null. */
export async function getAttributeByCode(db: Db, code: string): Promise<AttributeRow | null> {
  const [row] = await db.select().from(attributes).where(eq(attributes.code, code));
  return row ?? null;
}

/** Attribute groups of the given ids (loaders reorder). */
export async function getAttributeGroupsByIds(db: Db, ids: readonly number[]): Promise<AttributeGroupRow[]> {
  if (!ids.length) return [];
  return db.select().from(attributeGroups).where(inArray(attributeGroups.id, [...ids]));
}

/** Active attributes of each given movie, as `{movieId, attribute}` in display order. */
export async function getAttributesOfMovies(
  db: Db,
  movieIds: readonly number[],
): Promise<{ movieId: number; attribute: AttributeRow }[]> {
  if (!movieIds.length) return [];
  return db
    .select({ movieId: movieAttributes.movieId, attribute: attributes })
    .from(movieAttributes)
    .innerJoin(attributes, eq(attributes.id, movieAttributes.attributeId))
    .where(and(inArray(movieAttributes.movieId, [...movieIds]), eq(attributes.isActive, true)))
    .orderBy(...attributeOrder);
}

/** Active attributes of each given theatre, as `{theatreId, attribute}` in display order. */
export async function getAttributesOfTheatres(
  db: Db,
  theatreIds: readonly number[],
): Promise<{ theatreId: number; attribute: AttributeRow }[]> {
  if (!theatreIds.length) return [];
  return db
    .select({ theatreId: theatreAttributes.theatreId, attribute: attributes })
    .from(theatreAttributes)
    .innerJoin(attributes, eq(attributes.id, theatreAttributes.attributeId))
    .where(and(inArray(theatreAttributes.theatreId, [...theatreIds]), eq(attributes.isActive, true)))
    .orderBy(...attributeOrder);
}
