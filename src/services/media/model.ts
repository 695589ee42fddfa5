import type { contentTypes, imageSizeTypes, mediaItems, renditions } from '../../../db/schema';

export type MediaTypeName = 'image' | 'video';
/** Resource types as stored in `media_items.resource_type` (the spec's route words). */
export type ResourceTypeName = 'theatre' | 'movie' | 'attribute' | 'person' | 'promotion' | 'product' | 'product-category';

export type ContentTypeRow = typeof contentTypes.$inferSelect;
export type ImageSizeTypeRow = typeof imageSizeTypes.$inferSelect & { contentType: string };
export type RenditionRow = typeof renditions.$inferSelect;
/** A media item with its content type's name and media type. */
export type MediaItemRow = typeof mediaItems.$inferSelect & { contentType: string; mediaType: string };

/** A resource that media hang off: `key` is the id as text, or the code for attributes. */
export interface ResourceRef {
  type: ResourceTypeName;
  key: string;
}

export interface MediaFilters {
  mediaType?: MediaTypeName | null;
  /** Content type name (Poster, Interior, …). */
  contentType?: string | null;
  /** Image size name: keeps only items with an active rendition of that size. */
  size?: string | null;
}
