import type { Context } from '../../context';
import type { MediaItem, Rendition } from '../../../schema/media.type';
import { plannedOf } from '../../read-planner';
import type { ContentTypeRow, ImageSizeTypeRow, MediaTypeName } from '../../services/media';
import { seg, type Hal } from '../hal';
import { resource } from '../derive';
import { arr, int, obj } from '../schemas';
import { component } from '../openapi';

/** Route word (images, videos) ↔ stored media type (image, video). */
export const MEDIA_TYPES: Record<string, MediaTypeName> = { images: 'image', videos: 'video' };
export const mediaTypeWord = (t: string) => (t.toLowerCase() === 'video' ? 'videos' : 'images');

export const imageSizeSchema = component('ImageSize', resource('ImageSizeType', { omit: ['contentTypeId'] }));

export const contentTypeSchema = component('ContentType', resource('ContentType', {
  omit: ['imageSizeTypes'],
  extra: {
    count: int('Number of image sizes of the content type.'),
    _embedded: obj({ imageSizeTypes: arr(imageSizeSchema) }),
  },
  links: true,
}));

export const renditionSchema = component('Rendition', resource('Rendition', { links: true }));

export const mediaSchema = component('MediaItem', resource('MediaItem', {
  // REST names the resource by its path, not by these keys; renditions are embedded.
  omit: ['contentTypeId', 'mediaType', 'resourceType', 'resourceId', 'renditions'],
  extra: { _embedded: obj({ renditions: arr(renditionSchema) }) },
  links: ['renditions'],
}));

export const mediaItemPath = (item: { id: number; mediaType: string }) => `/v2/media/${mediaTypeWord(item.mediaType)}/${item.id}`;
export const sizesPath = (contentType?: string) =>
  contentType ? `/v2/media/images/sizes?content-type=${seg(contentType)}` : '/v2/images/sizes';
/** One content type: `/v2/media/{images|videos}/content-types/{name}`. */
export const contentTypePath = (row: { mediaType: string; name: string }) => `/v2/media/${mediaTypeWord(row.mediaType)}/content-types/${seg(row.name)}`;

export function toImageSize(row: ImageSizeTypeRow) {
  return {
    contentType: row.contentType,
    height: row.height,
    id: row.id,
    name: row.name,
    resizeMode: row.resizeMode,
    width: row.width,
  };
}

/**
 * A content type with its image sizes (one loader batch for the whole list). Its `self` is the sizes
 * query as the spec shows for image types; a video type has no image sizes (the sizes query is of image
 * types and 404s for it), so its `self` is the content type itself.
 */
export async function toContentType(ctx: Context, hal: Hal, row: ContentTypeRow) {
  const sizes = await ctx.loaders.imageSizeTypesByContentTypeId.load(row.id);
  return {
    allowMultipleMedia: row.allowMultipleMedia,
    id: row.id,
    mediaType: row.mediaType,
    name: row.name,
    count: sizes.length,
    _embedded: { imageSizeTypes: sizes.map(toImageSize) },
    _links: hal.self(row.mediaType === 'image' ? sizesPath(row.name) : contentTypePath(row)),
  };
}

export function toRendition(hal: Hal, item: MediaItem, row: Rendition) {
  return {
    bitRate: row.bitRate,
    bytes: row.bytes,
    duration: row.duration,
    externalId: row.externalId,
    height: row.height,
    id: row.id,
    isActive: row.isActive,
    size: row.size,
    url: row.url,
    width: row.width,
    _links: hal.self(`${mediaItemPath(item)}/renditions/${row.id}`),
  };
}

/** What REST reads of a media item, as GraphQL would: the item and its active renditions (src/read-planner/). */
export const MEDIA_SELECTION = '{ renditions { id } }';

/** The renditions read with a media item (MEDIA_SELECTION). */
export const renditionsOf = (item: MediaItem) => plannedOf(item, { path: { key: 'renditions' } }) as Rendition[];

/** A media item with its active renditions (optionally only those of one size). */
export function toMediaItem(hal: Hal, row: MediaItem, size?: string | null) {
  return {
    contentType: row.contentType,
    effectiveEndDate: row.effectiveEndDate,
    effectiveStartDate: row.effectiveStartDate,
    externalId: row.externalId,
    id: row.id,
    imageUrl: row.imageUrl,
    isActive: row.isActive,
    longDescription: row.longDescription,
    name: row.name,
    relatedLinkDisplayText: row.relatedLinkDisplayText,
    relatedLinkUrl: row.relatedLinkUrl,
    shortDescription: row.shortDescription,
    sortOrder: row.sortOrder,
    stillImageUrl: row.stillImageUrl,
    tags: row.tags,
    thumbnailUrl: row.thumbnailUrl,
    videoUrl: row.videoUrl,
    _embedded: {
      renditions: renditionsOf(row).filter((r) => !size || r.size === size).map((r) => toRendition(hal, row, r)),
    },
    // The spec's `renditions` relation (POST, PUT, DELETE there): the item's renditions; only GET is served.
    _links: { ...hal.self(mediaItemPath(row)), renditions: hal.link(`${mediaItemPath(row)}/renditions`) },
  };
}
