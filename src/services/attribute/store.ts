import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attributeGroups, attributes, showtimeAttributes } from '../../../db/schema';
import { preparedByKeys } from '../shared/prepared-reads';
import type { AttributeGroupRow, AttributeRow } from './model';

/**
 * Attributes' SQL: every statement of the domain, each under its `// statement: <name>` tag (a prepared
 * statement's tag is its name).
 */

const attributeOrder = [asc(attributes.sort), asc(attributes.name), asc(attributes.id)];

/** Every attribute, in display order (sort, name, id). */
export function allAttributes(db: Db): Promise<AttributeRow[]> {
  // statement: allAttributes
  return db.select().from(attributes).orderBy(...attributeOrder);
}

/** Every attribute group. */
export function allAttributeGroups(db: Db): Promise<AttributeGroupRow[]> {
  // statement: allAttributeGroups
  return db.select().from(attributeGroups);
}

/** Attribute ids of each given showtime (rows resolve through the reference cache). */
export async function getAttributeIdsOfShowtimes(db: Db, showtimeIds: readonly number[]) {
  if (!showtimeIds.length) return [];
  // statement: showtimeAttributesIds
  return preparedByKeys(db, 'showtimeAttributesIds', showtimeIds, (d, keyIn, name) =>
    d
      .select({ key: showtimeAttributes.showtimeId, attributeId: showtimeAttributes.attributeId })
      .from(showtimeAttributes)
      .where(keyIn(showtimeAttributes.showtimeId))
      .prepare(name),
  );
}
