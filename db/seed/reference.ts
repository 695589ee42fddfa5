import { contentTypes, imageSizeTypes, refundReasons } from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';
import { CONTENT_TYPES, describeReason, REFUND_REASONS } from './reference-data';

/** Content type name → id and its image sizes, for media renditions. */
export type ContentTypeIndex = Map<string, { id: number; sizes: { name: string; width: number; height: number }[] }>;

/** Refund reasons, content types and image sizes exactly as the spec lists them. */
export async function seedReference(tx: SeedTx): Promise<ContentTypeIndex> {
  const reasons = Object.entries(REFUND_REASONS).flatMap(([type, names]) =>
    names.map((name) => ({ name, description: describeReason(name), typeDescription: type })),
  );
  await insertRows(tx, refundReasons, reasons.map((r, i) => ({ id: i + 1, ...r })));

  const index: ContentTypeIndex = new Map();
  const sizes: (typeof imageSizeTypes.$inferInsert)[] = [];
  CONTENT_TYPES.forEach((ct, i) => {
    const id = i + 1;
    index.set(ct.name, { id, sizes: ct.sizes });
    for (const s of ct.sizes) {
      sizes.push({ id: sizes.length + 1, contentTypeId: id, name: s.name, width: s.width, height: s.height });
    }
  });
  await insertRows(
    tx,
    contentTypes,
    CONTENT_TYPES.map((ct, i) => ({ id: i + 1, name: ct.name, mediaType: ct.mediaType, allowMultipleMedia: ct.allowMultipleMedia })),
  );
  await insertRows(tx, imageSizeTypes, sizes);
  for (const t of [refundReasons, contentTypes, imageSizeTypes]) await syncSequence(tx, t);
  return index;
}
