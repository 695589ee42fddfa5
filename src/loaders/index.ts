import type { Db } from '../../db/client';
import { createSeatingLoaders } from './seating.loaders';

/**
 * One fresh set of DataLoaders, merged from every domain's factory
 * (`src/loaders/<domain>.loaders.ts` exporting `create<Domain>Loaders(db)`).
 * Create per request or per subscription event; never share across requests.
 */
export function createLoaders(db: Db) {
  return {
    ...createSeatingLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
