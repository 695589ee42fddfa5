import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { getAttributeByCode, listAttributes } from '../services/attribute';
import type { Credit } from '../../schema/person.type';
import { fixedRead, plannedOf } from '../read-planner';
import type { RestKit } from './kit';
import { arr, id, int, links, nstr, obj, params, route, str } from './schemas';
import { attributeGroupPath, attributeGroupSchema, attributeSchema, toAttribute } from './shapes/attribute';
import { component } from './openapi';

const refundReason = component('RefundReason', obj({ name: str('Identifier of the reason.'), description: str(), typeDescription: str() }));

const castItem = component('CastCrewMember', obj(
  {
    movieId: int(),
    personId: int(),
    job: str('Actor, Director, Producer or Writer.'),
    name: str(),
    biography: nstr(),
    role: str('Character name; absent for non-actors.'),
    biographyUrl: nstr(),
    media: obj({ profileDynamic: nstr() }),
  },
  ['role'],
));

const refundReasonListSchema = component('RefundReasonList', obj({ refundReasons: arr(refundReason), _links: links() }));
const attributeListSchema = component('AttributeList', obj({ count: int(), _embedded: obj({ attributes: arr(attributeSchema) }), _links: links() }));
const castCrewSchema = component('CastCrew', obj({ id: int('The movie id.'), cast: arr(castItem), links: links() }));

/** One credit as the spec's cast-crew item shows it (`role` for actors only), from a credit read with its person. */
function toCastItem(credit: Credit) {
  const person = credit.personRow!;
  const item = {
    movieId: credit.movieId,
    personId: person.id,
    job: credit.job,
    name: person.name,
    biography: person.biography,
    biographyUrl: person.biographyUrl,
    media: { profileDynamic: person.profileImageUrl },
  };
  return credit.role === null ? item : { ...item, role: credit.role };
}

/** Reference data: refund reasons, attributes (and their groups), cast and crew of a movie. */
export async function referenceRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  // A movie's credits with their people, read as GraphQL's `movie { castAndCrew }` (src/read-planner/).
  const CAST = fixedRead(kit.schema, 'Movie', '{ castAndCrew { id } }');
  app.get(
    '/v1/refund-reasons',
    {
      schema: route('Reference', 'Valid refund reasons', {
        response: { 200: refundReasonListSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const rows = await ctx.loaders.refundReasons();
      return {
        refundReasons: rows.map((r) => ({ name: r.name, description: r.description, typeDescription: r.typeDescription })),
        _links: kit.hal(request).self('/v1/refund-reasons'),
      };
    },
  );

  app.get(
    '/v1/attributes',
    {
      schema: route('Reference', 'All active attributes', {
        response: { 200: attributeListSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const rows = await listAttributes(await ctx.loaders.attributeIndex());
      const attributes = await Promise.all(rows.map((r) => toAttribute(ctx, hal, r)));
      return { count: attributes.length, _embedded: { attributes }, _links: hal.self('/v1/attributes') };
    },
  );

  app.get<{ Params: { code: string } }>(
    '/v1/attributes/:code',
    {
      schema: route('Reference', 'One attribute by code', { params: params({ code: str() }), response: { 200: attributeSchema } }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const row = await getAttributeByCode(await ctx.loaders.attributeIndex(), request.params.code);
      if (!row) throw notFound('Attribute', request.params.code);
      return toAttribute(ctx, kit.hal(request), row);
    },
  );

  app.get<{ Params: { groupId: number } }>(
    '/v1/attribute-groups/:groupId',
    {
      schema: route('Reference', 'One attribute group', {
        params: params({ groupId: id() }),
        response: { 200: attributeGroupSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const group = await ctx.loaders.attributeGroupById.load(request.params.groupId);
      if (!group) throw notFound('Attribute group', request.params.groupId);
      return { ...group, _links: kit.hal(request).self(attributeGroupPath(group.id)) };
    },
  );

  // `{movieId:int}` in the spec is a route constraint: a non-numeric id matches no route (404).
  app.get<{ Params: { movieId: number } }>(
    '/v1/movie/:movieId(^\\d+)/cast-crew',
    {
      schema: route('Movies', 'Cast and crew of a movie (note the `links` key)', {
        params: params({ movieId: id() }),
        response: { 200: castCrewSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const movieId = request.params.movieId;
      const movie = await CAST.one(ctx, movieId);
      if (!movie) throw notFound('Movie', movieId);
      return {
        id: movieId,
        cast: (plannedOf(movie, { path: { key: 'castAndCrew' } }) as Credit[]).map(toCastItem),
        links: kit.hal(request).self(`/v1/movie/${movieId}/cast-crew`),
      };
    },
  );
}
