import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Page } from '../services/shared/paging';
import type { Context } from '../context';
import { findLocations, listTheatres, type TheatreRow } from '../services/theatre';
import type { Hal } from './hal';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PageRequest, type PagingQuery } from './paging';
import { arr, int, links, nnum, num, obj, paged, params, query, route, str } from './schemas';
import { theatrePath, theatreSchema, toTheatre } from './shapes/theatre';
import { component } from './openapi';

const locationSchema = component('Location', obj({
  rank: int('1 is the closest (or the first by name when there is no point).'),
  distance: nnum('Miles from the given point; null for state and name lookups.'),
  _embedded: obj({ theatre: theatreSchema }),
  _links: links(),
}));

const listSchema = (withPoint: boolean) =>
  component(withPoint ? 'LocationPageNearPoint' : 'LocationPage', paged({
    ...(withPoint ? { latitude: num(), longitude: num(), radius: num('Miles (default 50).') } : {}),
    _embedded: obj({ locations: arr(locationSchema) }),
  }));

const nearPointListSchema = listSchema(true);
const locationListSchema = listSchema(false);

async function toLocations(
  ctx: Context,
  hal: Hal,
  items: readonly { rank: number; distance: number | null; theatre: TheatreRow }[],
) {
  return Promise.all(
    items.map(async (item) => ({
      rank: item.rank,
      distance: item.distance,
      _embedded: { theatre: await toTheatre(ctx, hal, item.theatre) },
      _links: hal.self(theatrePath(item.theatre.id)),
    })),
  );
}

/** State and name lookups rank theatres by name (there is no point to measure from). */
async function locationsOf(kit: RestKit, request: FastifyRequest, page: PageRequest, result: Page<TheatreRow>) {
  const ctx = await kit.context(request);
  const hal = kit.hal(request);
  const offset = (page.pageNumber - 1) * page.pageSize;
  const items = result.items.map((theatre, i) => ({ rank: offset + i + 1, distance: null, theatre }));
  return { ...pagedFields(request, hal, page, result.totalCount), _embedded: { locations: await toLocations(ctx, hal, items) } };
}

/** Locations: theatres near a point, in a state, or matching a name. */
export async function locationRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.get<{ Querystring: PagingQuery & { latitude: number; longitude: number; radius?: number } }>(
    '/v2/locations',
    {
      schema: route('Locations', 'Theatres within a radius of a point, closest first', {
        querystring: query(
          { latitude: num('Between -90 and 90.'), longitude: num('Between -180 and 180.'), radius: num('Miles, default 50.'), ...pagingQuery },
          ['latitude', 'longitude'],
        ),
        response: { 200: nearPointListSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const page = pageOf(request.query);
      const q = request.query;
      const result = await findLocations(ctx.catalogDb, { latitude: q.latitude, longitude: q.longitude, radius: q.radius }, page);
      return {
        ...pagedFields(request, hal, page, result.totalCount),
        latitude: result.latitude,
        longitude: result.longitude,
        radius: result.radius,
        _embedded: { locations: await toLocations(ctx, hal, result.items) },
      };
    },
  );

  app.get<{ Params: { stateName: string }; Querystring: PagingQuery }>(
    '/v2/locations/states/:stateName',
    {
      schema: route('Locations', 'Theatres in a state (two-letter code or name, e.g. TX, texas, new-york)', {
        params: params({ stateName: str() }),
        querystring: query({ ...pagingQuery }),
        response: { 200: locationListSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const page = pageOf(request.query);
      return locationsOf(kit, request, page, await listTheatres(ctx.catalogDb, { state: request.params.stateName }, page));
    },
  );

  app.get<{ Params: { theatreName: string }; Querystring: PagingQuery }>(
    '/v2/locations/theatres/:theatreName',
    {
      schema: route('Locations', 'Theatres whose name contains the given text (case-insensitive)', {
        params: params({ theatreName: str() }),
        querystring: query({ ...pagingQuery }),
        response: { 200: locationListSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const page = pageOf(request.query);
      return locationsOf(kit, request, page, await listTheatres(ctx.catalogDb, { name: request.params.theatreName }, page));
    },
  );
}
