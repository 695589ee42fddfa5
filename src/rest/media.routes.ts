import type { FastifyInstance } from 'fastify';
import { DomainError, notFound } from '../errors';
import { mediaTypeName, type MediaItem } from '../../schema/media.type';
import type { Context } from '../context';
import { fixedRead } from '../read-planner';
import { listContentTypes, listImageSizes, mediaList, type MediaTypeName, type ResourceTypeName } from '../services/media';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PagingQuery } from './paging';
import { arr, int, links, obj, paged, params, query, route, str } from './schemas';
import {
  contentTypeSchema,
  imageSizeSchema,
  MEDIA_TYPES,
  MEDIA_SELECTION,
  mediaItemPath,
  mediaSchema,
  renditionsOf,
  renditionSchema,
  toContentType,
  toImageSize,
  toMediaItem,
  toRendition,
} from './shapes/media';
import { component } from './openapi';

/** Route words of resource types; products and product-categories are the linked forms. */
const RESOURCE_TYPES: Record<string, ResourceTypeName> = {
  theatre: 'theatre',
  movie: 'movie',
  attribute: 'attribute',
  person: 'person',
  promotion: 'promotion',
  products: 'product',
  'product-categories': 'product-category',
};

const mediaTypeOf = (word: string) => {
  if (!Object.hasOwn(MEDIA_TYPES, word)) throw new DomainError('NOT_FOUND', `Unknown media type ${word} (images or videos)`);
  return MEDIA_TYPES[word];
};

const idParam = (raw: string, what: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(what, raw);
  return Number(raw);
};

const sizesResponse = component('ImageSizeList', obj({ count: int(), _embedded: obj({ imageSizeTypes: arr(imageSizeSchema) }), _links: links() }));

const contentTypeListSchema = component('ContentTypeList', obj({ count: int(), contentTypes: arr(contentTypeSchema), _links: links() }));
const renditionListSchema = component('RenditionList', obj({ count: int(), _embedded: obj({ renditions: arr(renditionSchema) }), _links: links() }));
const mediaPageSchema = component('MediaPage', paged({ _embedded: obj({ media: arr(mediaSchema) }) }));

/** Media v2: content types, image sizes, one item, all media of a resource. */
export async function mediaRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  const MEDIA = fixedRead(kit.schema, 'MediaItem', MEDIA_SELECTION);
  /** The media item of `id` with its renditions, one statement; 404 when there is none of `mediaType`. */
  const itemOf = async (ctx: Context, mediaType: MediaTypeName, id: number): Promise<MediaItem> => {
    const item = (await MEDIA.one(ctx, id)) as MediaItem | null;
    if (!item || mediaTypeName(item.mediaType) !== mediaType) throw notFound('Media', id);
    return item;
  };
  for (const word of Object.keys(MEDIA_TYPES)) {
    app.get(
      `/v2/media/${word}/content-types`,
      {
        schema: route('Media', `Content types of ${word}`, {
          // The spec's list has them at `contentTypes` (its ContentType list), not under `_embedded`.
          response: { 200: contentTypeListSchema },
        }),
      },
      async (request) => {
        const ctx = await kit.context(request);
        const hal = kit.hal(request);
        const rows = await listContentTypes(ctx.catalogDb, MEDIA_TYPES[word]);
        const contentTypes = await Promise.all(rows.map((r) => toContentType(ctx, hal, r)));
        return { count: contentTypes.length, contentTypes, _links: hal.self(`/v2/media/${word}/content-types`) };
      },
    );

    app.get<{ Params: { contentType: string } }>(
      `/v2/media/${word}/content-types/:contentType`,
      {
        schema: route('Media', `One content type of ${word}, by name (404 for an unknown one); a video type's \`self\``, {
          params: params({ contentType: str('Content type name, e.g. Trailer.') }),
          response: { 200: contentTypeSchema },
        }),
      },
      async (request) => {
        const ctx = await kit.context(request);
        const row = (await listContentTypes(ctx.catalogDb, MEDIA_TYPES[word])).find((r) => r.name === request.params.contentType);
        if (!row) throw notFound(`Content type of ${word}`, request.params.contentType);
        return toContentType(ctx, kit.hal(request), row);
      },
    );
  }

  const sizes = async (kit: RestKit, request: Parameters<typeof kit.context>[0], contentType?: string) => {
    const ctx = await kit.context(request);
    if (contentType) {
      const known = await listContentTypes(ctx.catalogDb, 'image');
      if (!known.some((c) => c.name === contentType)) throw notFound('Image content type', contentType);
    }
    const rows = await listImageSizes(ctx.catalogDb, contentType);
    return {
      count: rows.length,
      _embedded: { imageSizeTypes: rows.map(toImageSize) },
      _links: { self: { href: kit.hal(request).url(request.url), templated: false } },
    };
  };

  app.get(
    '/v2/images/sizes',
    { schema: route('Media', 'All image sizes', { response: { 200: sizesResponse } }) },
    async (request) => sizes(kit, request),
  );

  app.get<{ Querystring: { 'content-type'?: string } }>(
    '/v2/media/images/sizes',
    {
      schema: route('Media', 'Image sizes of a content type (404 for an unknown one)', {
        querystring: query({ 'content-type': str('Content type name, e.g. Poster.') }),
        response: { 200: sizesResponse },
      }),
    },
    async (request) => sizes(kit, request, request.query['content-type']),
  );

  app.get<{ Params: { mediaType: string; mediaId: string } }>(
    '/v2/media/:mediaType/:mediaId',
    {
      schema: route('Media', 'One media item; media type images or videos', {
        params: params({ mediaType: str(), mediaId: str() }),
        response: { 200: mediaSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const mediaType = mediaTypeOf(request.params.mediaType);
      const id = idParam(request.params.mediaId, 'Media');
      return toMediaItem(kit.hal(request), await itemOf(ctx, mediaType, id));
    },
  );

  app.get<{ Params: { mediaType: string; mediaId: string } }>(
    '/v2/media/:mediaType/:mediaId/renditions',
    {
      schema: route('Media', "A media item's active renditions (the item's `renditions` link)", {
        params: params({ mediaType: str(), mediaId: str() }),
        response: { 200: renditionListSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const mediaType = mediaTypeOf(request.params.mediaType);
      const id = idParam(request.params.mediaId, 'Media');
      const item = await itemOf(ctx, mediaType, id);
      const hal = kit.hal(request);
      const renditions = renditionsOf(item).map((r) => toRendition(hal, item, r));
      return { count: renditions.length, _embedded: { renditions }, _links: hal.self(`${mediaItemPath(item)}/renditions`) };
    },
  );

  app.get<{ Params: { mediaType: string; mediaId: string; renditionId: string } }>(
    '/v2/media/:mediaType/:mediaId/renditions/:renditionId',
    {
      schema: route('Media', 'One rendition of a media item', {
        params: params({ mediaType: str(), mediaId: str(), renditionId: str() }),
        response: { 200: renditionSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const mediaType = mediaTypeOf(request.params.mediaType);
      const id = idParam(request.params.mediaId, 'Media');
      const renditionId = idParam(request.params.renditionId, 'Rendition');
      const item = await itemOf(ctx, mediaType, id);
      const rendition = renditionsOf(item).find((r) => r.id === renditionId);
      if (!rendition) throw notFound('Rendition', renditionId);
      return toRendition(kit.hal(request), item, rendition);
    },
  );

  app.get<{
    Params: { resourceType: string; resourceId: string; mediaType: string };
    Querystring: PagingQuery & { 'content-type'?: string; size?: string };
  }>(
    '/v2/media/:resourceType/:resourceId/:mediaType',
    {
      schema: route('Media', 'All media of a resource (theatre, movie, attribute by code, person, promotion, products, product-categories)', {
        params: params({ resourceType: str(), resourceId: str(), mediaType: str('images or videos') }),
        querystring: query({ 'content-type': str(), size: str('Image size name, e.g. Thumb.'), ...pagingQuery }),
        response: { 200: mediaPageSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const { resourceType, resourceId } = request.params;
      if (!Object.hasOwn(RESOURCE_TYPES, resourceType)) {
        throw new DomainError('NOT_FOUND', `Unknown resource type ${resourceType}`);
      }
      const mediaType = mediaTypeOf(request.params.mediaType);
      const page = pageOf(request.query);
      const { 'content-type': contentType, size } = request.query;
      const list = await mediaList(ctx.catalogDb, { type: RESOURCE_TYPES[resourceType], key: resourceId }, { mediaType, contentType, size });
      const result = await MEDIA.page(ctx, list, page);
      const media = result.items.map((m) => toMediaItem(hal, m as MediaItem, size));
      return { ...pagedFields(request, hal, page, result.totalCount), _embedded: { media } };
    },
  );
}
