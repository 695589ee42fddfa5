import { GraphQLDateTime } from './scalars';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type {
  ContentTypeRow,
  ImageSizeTypeRow,
  MediaItemRow,
  MediaTypeName,
  RenditionRow,
  ResourceTypeName,
} from '../src/services/media';
import { PageOf } from './paging.type';
import { fieldTable } from '../src/services/shared/field-table';

export enum MediaType {
  IMAGE = 'IMAGE',
  VIDEO = 'VIDEO',
}
registerEnumType(MediaType, {
  name: 'MediaType',
  description: 'Images or videos.',
  valuesConfig: {
    IMAGE: { description: 'Images.' },
    VIDEO: { description: 'Videos.' },
  },
});

export enum ResourceType {
  THEATRE = 'THEATRE',
  MOVIE = 'MOVIE',
  ATTRIBUTE = 'ATTRIBUTE',
  PERSON = 'PERSON',
  PROMOTION = 'PROMOTION',
  PRODUCT = 'PRODUCT',
  PRODUCT_CATEGORY = 'PRODUCT_CATEGORY',
}
registerEnumType(ResourceType, {
  name: 'ResourceType',
  description: 'What a media item belongs to.',
  valuesConfig: {
    THEATRE: { description: 'A theatre (resource id = theatre id).' },
    MOVIE: { description: 'A movie (resource id = movie id).' },
    ATTRIBUTE: { description: 'An attribute (resource id = attribute code).' },
    PERSON: { description: 'A person of cast and crew (resource id = person id).' },
    PROMOTION: { description: 'A promotion.' },
    PRODUCT: { description: 'A concession product.' },
    PRODUCT_CATEGORY: { description: 'A concession product category.' },
  },
});

/** The stored media type of the enum value. */
export const mediaTypeName = (t: MediaType): MediaTypeName => (t === MediaType.IMAGE ? 'image' : 'video');
/** The stored resource type of the enum value (`PRODUCT_CATEGORY` → `product-category`). */
export const resourceTypeName = (t: ResourceType): ResourceTypeName =>
  t.toLowerCase().replace(/_/g, '-') as ResourceTypeName;
const toMediaType = (name: string): MediaType => (name === 'video' ? MediaType.VIDEO : MediaType.IMAGE);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

@ObjectType({ description: 'An image size of a content type, in pixels.' })
export class ImageSizeType {
  @Field(() => Int, { description: 'The image size id.' })
  id!: number;

  @Field(() => String, { description: 'Name of the content type.' })
  contentType!: string;

  @Field(() => Int, { description: 'The content type.' })
  contentTypeId!: number;

  @Field(() => String, { description: 'Name of the size, e.g. Medium.' })
  name!: string;

  @Field(() => Int, { description: 'Width in pixels.' })
  width!: number;

  @Field(() => Int, { description: 'Height in pixels.' })
  height!: number;

  @Field(() => String, { description: 'How images are fitted to the size, e.g. Crop.' })
  resizeMode!: string;
}

@ObjectType({ description: 'A kind of media (Poster, Trailer, Interior, …).' })
export class ContentType {
  @Field(() => Int, { description: 'The content type id.' })
  id!: number;

  @Field(() => String, { description: 'Name, e.g. Poster.' })
  name!: string;

  @Field(() => MediaType, { description: 'Image or video.' })
  mediaType!: MediaType;

  @Field(() => Boolean, { description: 'A resource may have several items of this type.' })
  allowMultipleMedia!: boolean;
}

@ObjectType({ description: 'A media item at one size.' })
export class Rendition {
  @Field(() => Int, { description: 'The rendition id.' })
  id!: number;

  @Field(() => String, { description: "The media provider's id.", nullable: true })
  externalId!: string | null;

  @Field(() => String, { description: 'Friendly size name (Thumb, Standard, …).' })
  size!: string;

  @Field(() => String, { description: 'Where the rendition is.' })
  url!: string;

  @Field(() => Int, { description: 'Width in pixels.', nullable: true })
  width!: number | null;

  @Field(() => Int, { description: 'Height in pixels.', nullable: true })
  height!: number | null;

  @Field(() => Int, { description: 'Videos: bit rate, in kbit/s.', nullable: true })
  bitRate!: number | null;

  @Field(() => Int, { description: 'Size of the file.', nullable: true })
  bytes!: number | null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds.' })
  duration!: number | null;

  @Field(() => Boolean, { description: 'Served to clients.' })
  isActive!: boolean;
}

@ObjectType({ description: 'An image or video of a theatre, movie, attribute, person, promotion or product.' })
export class MediaItem {
  @Field(() => Int, { description: 'The media item id.' })
  id!: number;

  @Field(() => String, { description: 'Name of the content type.' })
  contentType!: string;

  @Field(() => Int, { description: 'The content type (e.g. Poster, Trailer).' })
  contentTypeId!: number;

  @Field(() => MediaType, { description: 'Image or video.' })
  mediaType!: MediaType;

  @Field(() => ResourceType, { description: 'What the item belongs to.' })
  resourceType!: ResourceType;

  @Field(() => String, { description: 'Id of the resource (the code, for attributes).' })
  resourceId!: string;

  @Field(() => String, { description: "The media provider's id.", nullable: true })
  externalId!: string | null;

  @Field(() => String, { description: 'Display name.' })
  name!: string;

  @Field(() => String, { description: 'One-line description.', nullable: true })
  shortDescription!: string | null;

  @Field(() => String, { description: 'Full description.', nullable: true })
  longDescription!: string | null;

  @Field(() => String, { description: 'The image.', nullable: true })
  imageUrl!: string | null;

  @Field(() => String, { description: 'A still of a video.', nullable: true })
  stillImageUrl!: string | null;

  @Field(() => String, { description: 'A thumbnail.', nullable: true })
  thumbnailUrl!: string | null;

  @Field(() => String, { description: 'The video.', nullable: true })
  videoUrl!: string | null;

  @Field(() => String, { description: 'Text of a related link.', nullable: true })
  relatedLinkDisplayText!: string | null;

  @Field(() => String, { description: 'Target of a related link.', nullable: true })
  relatedLinkUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma separated.' })
  tags!: string | null;

  @Field(() => Int, { description: "Display order among the resource's items." })
  sortOrder!: number;

  @Field(() => Boolean, { description: 'Shown to clients (inactive items are not listed).' })
  isActive!: boolean;

  @Field(() => GraphQLDateTime, { description: 'Shown from then (UTC); null: no start.', nullable: true })
  effectiveStartDate!: string | null;

  @Field(() => GraphQLDateTime, { description: 'Shown until then (UTC); null: no end.', nullable: true })
  effectiveEndDate!: string | null;

  /** The size the query asked for: `renditions` keeps only that size unless its own argument says otherwise. */
  sizeFilter: string | null = null;
}

@ObjectType({ description: 'A page of media items.' })
export class MediaPage extends PageOf(MediaItem) {}

/** Maps a content type row to its GraphQL type. */
export function toContentType(row: ContentTypeRow): ContentType {
  return Object.assign(new ContentType(), { ...row, mediaType: toMediaType(row.mediaType) });
}

/** Maps an image size row to its GraphQL type. */
export function toImageSizeType(row: ImageSizeTypeRow): ImageSizeType {
  return Object.assign(new ImageSizeType(), row);
}

export const RENDITION_FIELDS = fieldTable<RenditionRow>()({
  id: 'id',
  externalId: 'externalId',
  size: 'size',
  url: 'url',
  width: 'width',
  height: 'height',
  bitRate: 'bitRate',
  bytes: 'bytes',
  duration: 'duration',
  isActive: 'isActive',
});

/** Maps a rendition row to its GraphQL type. */
export function toRendition(row: RenditionRow): Rendition {
  return Object.assign(new Rendition(), RENDITION_FIELDS.all(row));
}

export const MEDIA_ITEM_FIELDS = fieldTable<MediaItemRow>()({
  id: 'id',
  contentType: 'contentType',
  contentTypeId: 'contentTypeId',
  mediaType: { needs: ['mediaType'], value: (row) => toMediaType(row.mediaType) },
  resourceType: { needs: ['resourceType'], value: (row) => row.resourceType.toUpperCase().replace(/-/g, '_') as ResourceType },
  resourceId: 'resourceKey',
  externalId: 'externalId',
  name: 'name',
  shortDescription: 'shortDescription',
  longDescription: 'longDescription',
  imageUrl: 'imageUrl',
  stillImageUrl: 'stillImageUrl',
  thumbnailUrl: 'thumbnailUrl',
  videoUrl: 'videoUrl',
  relatedLinkDisplayText: 'relatedLinkDisplayText',
  relatedLinkUrl: 'relatedLinkUrl',
  tags: 'tags',
  sortOrder: 'sortOrder',
  isActive: 'isActive',
  effectiveStartDate: { needs: ['effectiveStartDate'], value: (row) => iso(row.effectiveStartDate) },
  effectiveEndDate: { needs: ['effectiveEndDate'], value: (row) => iso(row.effectiveEndDate) },
});

/** Maps a media item row to its GraphQL type; `size` narrows its renditions. */
export function toMediaItem(row: MediaItemRow, size: string | null = null): MediaItem {
  return Object.assign(new MediaItem(), MEDIA_ITEM_FIELDS.all(row), { sizeFilter: size });
}
