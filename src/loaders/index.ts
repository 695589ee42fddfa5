import type { Db } from '../../db/client';
import { createSeatingLoaders } from './seating.loaders';
import { createOrderLoaders } from './order.loaders';
import { createAttributeLoaders } from './attribute.loaders';
import { createMediaLoaders } from './media.loaders';
import { createMovieLoaders } from './movie.loaders';
import { createPersonLoaders } from './person.loaders';
import { createTheatreLoaders } from './theatre.loaders';
import { createShowtimeLoaders } from './showtime.loaders';
import { createLayoutLoaders } from './layout.loaders';
import { createConcessionLoaders } from './concession.loaders';

/**
 * One fresh set of DataLoaders, merged from every domain's factory
 * (`src/loaders/<domain>.loaders.ts` exporting `create<Domain>Loaders(db)`).
 * Create per request or per subscription event; never share across requests.
 */
export function createLoaders(db: Db) {
  return {
    ...createSeatingLoaders(db),
    ...createOrderLoaders(db),
    ...createMovieLoaders(db),
    ...createTheatreLoaders(db),
    ...createAttributeLoaders(db),
    ...createPersonLoaders(db),
    ...createMediaLoaders(db),
    ...createShowtimeLoaders(db),
    ...createLayoutLoaders(db),
    ...createConcessionLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
