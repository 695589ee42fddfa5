import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { listAllMarkets, type MarketRow } from '../services/theatre';
import { listImageSizes, type ImageSizeTypeRow } from '../services/media';
import { listRefundReasons, type RefundReasonRow } from '../services/reference';
import { attributeLoaders, attributeReference } from './attribute.loaders';
import { manyByKey } from './keyed';
import { requestReference } from './reference-cache';

/** Every reference-cache entry: what `warmReferenceData` fills at start. */
export const referenceEntries = {
  ...attributeReference,
  markets: (db: Db) => listAllMarkets(db).then((rows) => new Map(rows.map((m) => [m.id, m]))),
  refundReasons: listRefundReasons,
  imageSizes: (db: Db) => listImageSizes(db),
};

/**
 * Loaders over reference data kept in process (src/loaders/reference-cache.ts): attributes and their
 * groups, markets, refund reasons, image sizes. One domain, so a request checks the reference
 * version once whichever of them it reads. `seenVersion`: a version the request read in another
 * statement before it first read reference data (`Loaders.referenceVersionSeen`, src/loaders/index.ts).
 */
export function createReferenceLoaders(db: Db, seenVersion?: number) {
  const reference = requestReference(db);
  if (seenVersion !== undefined) reference.observe(seenVersion);
  return {
    ...attributeLoaders(db, reference),
    /** A reference version read by another statement of the request: the request reads none itself. */
    observeReferenceVersion: (version: number): void => reference.observe(version),
    /** The refund reasons, grouped by type in the spec's order. */
    refundReasons: (): Promise<RefundReasonRow[]> => reference('refundReasons', referenceEntries.refundReasons),
    marketById: new DataLoader<number, MarketRow | null>(async (ids) => {
      const markets = await reference('markets', referenceEntries.markets);
      return ids.map((id) => markets.get(id) ?? null);
    }),
    /** Image sizes of content types, smallest first. */
    imageSizeTypesByContentTypeId: new DataLoader<number, ImageSizeTypeRow[]>(async (ids) =>
      manyByKey(ids, await reference('imageSizes', referenceEntries.imageSizes), (s) => s.contentTypeId),
    ),
  };
}
