import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type {
  ContentTypeRow,
  ImageSizeTypeRow,
  MediaItemRow,
  MediaTypeName,
  RenditionRow,
  ResourceTypeName,
} from '../src/services/media.service';
import { PageOf } from './paging.type';

export enum MediaType {
  IMAGE = 'IMAGE',
  VIDEO = 'VIDEO',
}
registerEnumType(MediaType, { name: 'MediaType', description: 'Images or videos.' });

export enum ResourceType {
  THEATRE = 'THEATRE',
  MOVIE = 'MOVIE',
  ATTRIBUTE = 'ATTRIBUTE',
  PERSON = 'PERSON',
  PROMOTION = 'PROMOTION',
  PRODUCT = 'PRODUCT',
  PRODUCT_CATEGORY = 'PRODUCT_CATEGORY',
}
registerEnumType(ResourceType, { name: 'ResourceType', description: 'What a media item belongs to.' });

/** The stored media type of the enum value. */
export const mediaTypeName = (t: MediaType): MediaTypeName => (t === MediaType.IMAGE ? 'image' : 'video');
/** The stored resource type of the enum value (`PRODUCT_CATEGORY` → `product-category`). */
export const resourceTypeName = (t: ResourceType): ResourceTypeName =>
  t.toLowerCase().replace(/_/g, '-') as ResourceTypeName;
const toMediaType = (name: string): MediaType => (name === 'video' ? MediaType.VIDEO : MediaType.IMAGE);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

@ObjectType({ description: 'An image size of a content type, in pixels.' })
export class ImageSizeType {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'Name of the content type.' })
  contentType!: string;

  @Field(() => Int)
  contentTypeId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field(() => String)
  resizeMode!: string;
}

@ObjectType({ description: 'A kind of media (Poster, Trailer, Interior, …).' })
export class ContentType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => MediaType)
  mediaType!: MediaType;

  @Field(() => Boolean)
  allowMultipleMedia!: boolean;
}

@ObjectType({ description: 'A media item at one size.' })
export class Rendition {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { description: 'Friendly size name (Thumb, Standard, …).' })
  size!: string;

  @Field(() => String)
  url!: string;

  @Field(() => Int, { nullable: true })
  width!: number | null;

  @Field(() => Int, { nullable: true })
  height!: number | null;

  @Field(() => Int, { nullable: true })
  bitRate!: number | null;

  @Field(() => Int, { nullable: true })
  bytes!: number | null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds.' })
  duration!: number | null;

  @Field(() => Boolean)
  isActive!: boolean;
}

@ObjectType({ description: 'An image or video of a theatre, movie, attribute, person, promotion or product.' })
export class MediaItem {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'Name of the content type.' })
  contentType!: string;

  @Field(() => Int)
  contentTypeId!: number;

  @Field(() => MediaType)
  mediaType!: MediaType;

  @Field(() => ResourceType)
  resourceType!: ResourceType;

  @Field(() => String, { description: 'Id of the resource (the code, for attributes).' })
  resourceId!: string;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  shortDescription!: string | null;

  @Field(() => String, { nullable: true })
  longDescription!: string | null;

  @Field(() => String, { nullable: true })
  imageUrl!: string | null;

  @Field(() => String, { nullable: true })
  stillImageUrl!: string | null;

  @Field(() => String, { nullable: true })
  thumbnailUrl!: string | null;

  @Field(() => String, { nullable: true })
  videoUrl!: string | null;

  @Field(() => String, { nullable: true })
  relatedLinkDisplayText!: string | null;

  @Field(() => String, { nullable: true })
  relatedLinkUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma separated.' })
  tags!: string | null;

  @Field(() => Int)
  sortOrder!: number;

  @Field(() => Boolean)
  isActive!: boolean;

  @Field(() => String, { nullable: true })
  effectiveStartDate!: string | null;

  @Field(() => String, { nullable: true })
  effectiveEndDate!: string | null;

  /** The size the query asked for: `renditions` keeps only that size unless its own argument says otherwise. */
  sizeFilter: string | null = null;
}

@ObjectType()
export class MediaPage extends PageOf(MediaItem) {}

/** Maps a content type row to its GraphQL type. */
export function toContentType(row: ContentTypeRow): ContentType {
  return Object.assign(new ContentType(), { ...row, mediaType: toMediaType(row.mediaType) });
}

/** Maps an image size row to its GraphQL type. */
export function toImageSizeType(row: ImageSizeTypeRow): ImageSizeType {
  return Object.assign(new ImageSizeType(), row);
}

/** Maps a rendition row to its GraphQL type. */
export function toRendition(row: RenditionRow): Rendition {
  return Object.assign(new Rendition(), row);
}

/** Maps a media item row to its GraphQL type; `size` narrows its renditions. */
export function toMediaItem(row: MediaItemRow, size: string | null = null): MediaItem {
  return Object.assign(new MediaItem(), {
    id: row.id,
    contentType: row.contentType,
    contentTypeId: row.contentTypeId,
    mediaType: toMediaType(row.mediaType),
    resourceType: row.resourceType.toUpperCase().replace(/-/g, '_') as ResourceType,
    resourceId: row.resourceKey,
    externalId: row.externalId,
    name: row.name,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    imageUrl: row.imageUrl,
    stillImageUrl: row.stillImageUrl,
    thumbnailUrl: row.thumbnailUrl,
    videoUrl: row.videoUrl,
    relatedLinkDisplayText: row.relatedLinkDisplayText,
    relatedLinkUrl: row.relatedLinkUrl,
    tags: row.tags,
    sortOrder: row.sortOrder,
    isActive: row.isActive,
    effectiveStartDate: iso(row.effectiveStartDate),
    effectiveEndDate: iso(row.effectiveEndDate),
    sizeFilter: size,
  });
}
