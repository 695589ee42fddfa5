import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  activeAttributesOf,
  getAttributeIdsOfShowtimes,
  loadAttributeIndex,
  type AttributeGroupRow,
  type AttributeIndex,
  type AttributeRow,
} from '../services/attribute';
import { manyByKey } from './keyed';
import type { RequestReference } from './reference-cache';

/** The reference-cache entries of attributes (filled at start by `warmReferenceData`). */
export const attributeReference = { attributes: loadAttributeIndex };

/**
 * Attributes and their groups come from the reference cache (every row in process, checked against
 * the database's reference version once per request); loaders here only read which attributes a
 * movie, theatre or showtime has (one statement of ids per batch).
 */
export function attributeLoaders(db: Db, reference: RequestReference) {
  const attributeIndex = (): Promise<AttributeIndex> => reference('attributes', attributeReference.attributes);
  const attributesOfKeys = async (
    keys: readonly number[],
    links: { key: number; attributeId: number }[],
  ): Promise<AttributeRow[][]> => {
    const index = await attributeIndex();
    return manyByKey(keys, links, (l) => l.key).map((rows) => activeAttributesOf(index, rows.map((l) => l.attributeId)));
  };
  return {
    /** Every attribute and group of the current reference version (no statement once cached). */
    attributeIndex,
    /**
     * `attributesOfIds` without waiting: the rows when this request has checked the reference version
     * and the attributes are loaded (the usual case), else undefined (then use `attributesOfIds`).
     */
    attributesOfIdsNow: (ids: readonly number[]): AttributeRow[] | undefined => {
      const index = reference.peek<AttributeIndex>('attributes');
      return index ? activeAttributesOf(index, ids) : undefined;
    },
    /** The active attributes of the given ids, in display order. */
    attributesOfIds: async (ids: readonly number[]): Promise<AttributeRow[]> => activeAttributesOf(await attributeIndex(), ids),
    attributesByShowtimeId: new DataLoader<number, AttributeRow[]>(async (ids) =>
      attributesOfKeys(ids, await getAttributeIdsOfShowtimes(db, ids)),
    ),
    attributeGroupById: new DataLoader<number, AttributeGroupRow | null>(async (ids) => {
      const index = await attributeIndex();
      return ids.map((id) => index.groupById.get(id) ?? null);
    }),
  };
}
