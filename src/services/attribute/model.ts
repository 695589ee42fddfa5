import type { attributeGroups, attributes } from '../../../db/schema';

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeGroupRow = typeof attributeGroups.$inferSelect;

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
