import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  getAttributeGroupsByIds,
  getAttributesOfMovies,
  getAttributesOfTheatres,
  type AttributeGroupRow,
  type AttributeRow,
} from '../services/attribute.service';
import { manyByKey, oneByKey } from './keyed';

/** Active attributes of movies and theatres; attribute groups by id. */
export function createAttributeLoaders(db: Db) {
  return {
    attributesByMovieId: new DataLoader<number, AttributeRow[]>(async (ids) =>
      manyByKey(ids, await getAttributesOfMovies(db, ids), (r) => r.movieId).map((rows) => rows.map((r) => r.attribute)),
    ),
    attributesByTheatreId: new DataLoader<number, AttributeRow[]>(async (ids) =>
      manyByKey(ids, await getAttributesOfTheatres(db, ids), (r) => r.theatreId).map((rows) =>
        rows.map((r) => r.attribute),
      ),
    ),
    attributeGroupById: new DataLoader<number, AttributeGroupRow | null>(async (ids) =>
      oneByKey(ids, await getAttributeGroupsByIds(db, ids), (g) => g.id),
    ),
  };
}
