import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Theatre } from '../../schema/theatre.type';
import { fixedRead, valuesOf } from '../read-planner';
import type { ListQuery } from '../services/shared/paging';
import { nearList, theatreList } from '../services/theatre';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PageRequest, type PagingQuery } from './paging';
import { arr, int, links, nnum, num, obj, paged, params, query, route, str } from './schemas';
import { THEATRE_SELECTION, theatrePath, theatreSchema, toPlannedTheatre } from './shapes/theatre';
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

/** The fixed read of theatres with their attribute ids and media (THEATRE_SELECTION). */
type TheatreRead = ReturnType<typeof fixedRead>;

/**
 * The page of a theatres list with each theatre's attribute ids and media, read through the planner in
 * one statement, as locations: ranked from 1 in the list's order, with the list's distance (null
 * without a point: state and name lookups rank theatres by name).
 */
async function locationsOf(kit: RestKit, request: FastifyRequest, theatres: TheatreRead, list: ListQuery, page: PageRequest) {
  const ctx = await kit.context(request);
  const hal = kit.hal(request);
  const result = await theatres.page(ctx, list, page);
  const offset = (page.pageNumber - 1) * page.pageSize;
  const locations = await Promise.all(
    (result.items as Theatre[]).map(async (theatre, i) => ({
      rank: offset + i + 1,
      distance: (valuesOf(theatre).distance as number | undefined) ?? null,
      _embedded: { theatre: await toPlannedTheatre(ctx, hal, theatre) },
      _links: hal.self(theatrePath(theatre.id)),
    })),
  );
  return { ...pagedFields(request, hal, page, result.totalCount), _embedded: { locations } };
}

/** Locations: theatres near a point, in a state, or matching a name. */
export async function locationRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  const THEATRES = fixedRead(kit.schema, 'Theatre', THEATRE_SELECTION);
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
      const q = request.query;
      const list = nearList({ latitude: q.latitude, longitude: q.longitude, radius: q.radius });
      const { pageSize, pageNumber, count, _links, _embedded } = await locationsOf(kit, request, THEATRES, list, pageOf(q));
      // The spec's order of the fields: the point searched from between the paging fields and the items.
      return { pageSize, pageNumber, count, _links, ...list.point, _embedded };
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
      return locationsOf(kit, request, THEATRES, theatreList({ state: request.params.stateName }), pageOf(request.query));
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
      return locationsOf(kit, request, THEATRES, theatreList({ name: request.params.theatreName }), pageOf(request.query));
    },
  );
}
