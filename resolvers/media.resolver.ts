import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { MediaArgs } from '../schema/media.input';
import {
  ContentType,
  ImageSizeType,
  MediaItem,
  MediaPage,
  MediaType,
  Rendition,
  mediaTypeName,
  resourceTypeName,
  toContentType,
  toImageSizeType,
} from '../schema/media.type';
import type { Context } from '../src/context';
import { listContentTypes, listImageSizes, mediaList } from '../src/services/media';
import { readOne, readPage, relation } from '../src/read-planner';
import type { Page } from '../src/services/shared/paging';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => ContentType)
export class ContentTypeResolver {
  @Query(() => [ContentType], { description: 'Media content types, of one media type when given.' })
  async contentTypes(
    @Arg('mediaType', () => MediaType, { description: 'Only content types of this media type; all when omitted.', nullable: true }) mediaType: MediaType | null,
    @Ctx() ctx: Context,
  ): Promise<ContentType[]> {
    return (await listContentTypes(ctx.catalogDb, mediaType ? mediaTypeName(mediaType) : null)).map(toContentType);
  }

  @Query(() => [ImageSizeType], { description: 'Image sizes, of one content type (by name) when given.' })
  async imageSizes(
    @Arg('contentType', () => String, { description: 'Only the sizes of this content type (its name, e.g. Poster); all when omitted.', nullable: true }) contentType: string | null,
    @Ctx() ctx: Context,
  ): Promise<ImageSizeType[]> {
    return (await listImageSizes(ctx.catalogDb, contentType)).map(toImageSizeType);
  }

  @FieldResolver(() => [ImageSizeType], { description: 'The image sizes of the type.' })
  async imageSizeTypes(@Root() contentType: Parent<ContentType>, @Ctx() ctx: Context): Promise<ImageSizeType[]> {
    return (await ctx.loaders.imageSizeTypesByContentTypeId.load(contentType.id)).map(toImageSizeType);
  }
}

@Resolver(() => MediaItem)
export class MediaItemResolver {
  @Query(() => MediaItem, { nullable: true, description: 'One media item; null when the id is unknown.' })
  async mediaItem(
    @Arg('id', () => Int, { description: 'The media item id.' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MediaItem | null> {
    return (await readOne(ctx, info, id)) as MediaItem | null;
  }

  @Query(() => MediaPage, { description: 'Active media of a resource; NOT_FOUND when the resource is unknown.' })
  async media(@Args(() => MediaArgs) args: MediaArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<MediaPage> {
    const list = await mediaList(
      ctx.catalogDb,
      { type: resourceTypeName(args.resourceType), key: args.resourceId },
      { mediaType: args.mediaType ? mediaTypeName(args.mediaType) : null, contentType: args.contentType, size: args.size },
    );
    const page = (await readPage(ctx, info, list, args)) as Page<MediaItem>;
    // The page's size narrows its items' renditions (`renditions` below) when that field names none.
    return toGraphQLPage(MediaPage, page, (item) => Object.assign(item, { sizeFilter: args.size ?? null }));
  }

  @FieldResolver(() => [Rendition], { description: 'Active renditions; of one size when given (or when the query asked for one).' })
  async renditions(
    @Root() item: MediaItem,
    @Arg('size', () => String, { description: 'Only the rendition of this image size (its name); all when omitted.', nullable: true }) size: string | null,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Rendition[]> {
    const renditions = (await relation(item, info, ctx)) as Rendition[];
    // A media page's size (`media(size:)`) narrows its items' renditions when the field names none.
    const wanted = size ?? item.sizeFilter;
    return wanted ? renditions.filter((r) => r.size === wanted) : renditions;
  }
}
