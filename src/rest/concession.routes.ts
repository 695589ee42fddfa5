import type { FastifyInstance } from 'fastify';
import type { Concession, ConcessionCategory } from '../../schema/concession.type';
import { fixedRead, NOT_PLANNED, plannedOf } from '../read-planner';
import type { Context } from '../context';
import { badInput, DomainError, notFound } from '../errors';
import { pickupTimesForDate, type PickupTimes } from '../services/concession';
import type { Page } from '../services/shared/paging';
import { getShowtime } from '../services/showtime';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PagingQuery } from './paging';
import { arr, bool, id, int, links, obj, paged, params, query, route, str } from './schemas';
import {
  CATEGORIES_SELECTION,
  CATEGORY_PAGE,
  categorySchema,
  CONCESSION_PAGE,
  CONCESSION_SELECTION,
  concessionSchema,
  THEATRE_CONCESSION,
  THEATRE_CONCESSION_SELECTION,
  THEATRE_CONCESSIONS_SELECTION,
  toCategory,
  toConcession,
} from './shapes/concession';
import { component } from './openapi';

const pickupItem = (withDefault: boolean) =>
  obj({
    available: int('Slots still available.'),
    pickupDateTimeUtc: str(),
    pickupDateTimeLocal: str(),
    ...(withDefault ? { isDefault: bool('The default selection.') } : {}),
  });

async function requireTheatre(ctx: Context, theatreId: number) {
  if (!(await ctx.loaders.theatreById.load(theatreId))) throw notFound('Theatre', theatreId);
}

const pickupTimesOf = (times: PickupTimes, withDefault: boolean) =>
  times.pickupTimes.map((t) => ({
    available: t.available,
    pickupDateTimeUtc: t.pickupDateTimeUtc.toISOString(),
    pickupDateTimeLocal: t.pickupDateTimeLocal,
    ...(withDefault ? { isDefault: t.isDefault } : {}),
  }));

const concessionPageSchema = component('ConcessionPage', paged({ _embedded: obj({ concessions: arr(concessionSchema) }) }));
const concessionCategoryPageSchema = component('ConcessionCategoryPage', paged({
            theatreId: int(),
            _embedded: obj({ concessionsCategories: arr(categorySchema) }),
          }));
const theatrePickupTimesSchema = component('TheatrePickupTimes', obj({ theatreId: int(), pickupTimes: arr(pickupItem(false)), _links: links() }));
const showtimePickupTimesSchema = component('ShowtimePickupTimes', obj({ theatreId: int(), showtimeId: int(), pickupTimes: arr(pickupItem(true)), _links: links() }));

/** Concessions v1: a theatre's products (paged, by category and group), one product, categories, pickup times. */
export async function concessionRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  const CATEGORIES = fixedRead(kit.schema, 'Theatre', CATEGORIES_SELECTION);
  const PAGE = fixedRead(kit.schema, 'Theatre', THEATRE_CONCESSIONS_SELECTION);
  const OF_THEATRE = fixedRead(kit.schema, 'Theatre', THEATRE_CONCESSION_SELECTION);
  const ONE = fixedRead(kit.schema, 'Concession', CONCESSION_SELECTION);
  app.get<{ Params: { theatreId: number }; Querystring: PagingQuery & { category?: string; group?: string } }>(
    '/v1/theatres/:theatreId/concessions',
    {
      schema: route('Concessions', "A theatre's concessions, by category and display group", {
        params: params({ theatreId: id() }),
        querystring: query({
          category: str('Category name (matches the category or its parents).'),
          group: str('Display group name.'),
          ...pagingQuery,
        }),
        response: { 200: concessionPageSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const { theatreId } = request.params;
      const page = pageOf(request.query);
      const { category = null, group = null } = request.query;
      // The theatre (404 when unknown) and its page of products with their relations: one statement.
      const theatre = await PAGE.one(ctx, theatreId, { ...page, category, group });
      if (!theatre) throw notFound('Theatre', theatreId);
      const result = plannedOf(theatre, CONCESSION_PAGE);
      // REST's paging is within the planner's range (pagingQuery): the page is always planned.
      if (result === NOT_PLANNED) throw new Error('read planner: the concession page was not planned');
      const { items, totalCount } = result as Page<Concession>;
      return { ...pagedFields(request, hal, page, totalCount), _embedded: { concessions: items.map((c) => toConcession(hal, c)) } };
    },
  );

  app.get<{ Params: { theatreId: number }; Querystring: PagingQuery }>(
    '/v1/theatres/:theatreId/concessions/categories',
    {
      schema: route('Concessions', "Categories of a theatre's concessions", {
        params: params({ theatreId: id() }),
        querystring: query({ ...pagingQuery }),
        response: {
          200: concessionCategoryPageSchema,
        },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const { theatreId } = request.params;
      const page = pageOf(request.query);
      // The theatre and its categories' page in one statement (src/read-planner/).
      const theatre = await CATEGORIES.one(ctx, theatreId, { ...page });
      if (!theatre) throw notFound('Theatre', theatreId);
      const planned = plannedOf(theatre, CATEGORY_PAGE);
      if (planned === NOT_PLANNED) throw new Error('read planner: the categories page was not planned');
      const result = planned as Page<ConcessionCategory>;
      return {
        ...pagedFields(request, hal, page, result.totalCount),
        theatreId,
        _embedded: { concessionsCategories: result.items.map((c) => toCategory(hal, theatreId, c)) },
      };
    },
  );

  app.get<{ Params: { theatreId: number; year: number; month: number; day: number } }>(
    '/v1/theatres/:theatreId/concessions/pickup-times/:year/:month/:day',
    {
      schema: route('Concessions', 'Pickup times of a theatre-local date', {
        params: params({ theatreId: id(), year: int(), month: int(), day: int() }),
        response: { 200: theatrePickupTimesSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { theatreId, year, month, day } = request.params;
      await requireTheatre(ctx, theatreId);
      const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const times = await pickupTimesForDate(ctx.catalogDb, theatreId, date).catch((err: unknown) => {
        // The service names its argument `date`; the route has year/month/day.
        if (err instanceof DomainError && err.code === 'BAD_USER_INPUT') throw badInput(`${date} is not a calendar date`, 'date');
        throw err;
      });
      if (!times) throw notFound('Theatre', theatreId);
      return {
        theatreId,
        pickupTimes: pickupTimesOf(times, false),
        _links: kit.hal(request).self(`/v1/theatres/${theatreId}/concessions/pickup-times/${year}/${month}/${day}`),
      };
    },
  );

  app.get<{ Params: { theatreId: number; concessionId: number } }>(
    '/v1/theatres/:theatreId/concessions/:concessionId',
    {
      schema: route('Concessions', 'One product as a theatre sells it', {
        params: params({ theatreId: id(), concessionId: id('The product id.') }),
        response: { 200: concessionSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { theatreId, concessionId } = request.params;
      // The theatre's offer of the product with its relations: one statement.
      const theatre = await OF_THEATRE.one(ctx, theatreId, { concessionId });
      const concession = theatre && plannedOf(theatre, THEATRE_CONCESSION);
      if (concession === NOT_PLANNED) throw new Error('read planner: the concession was not planned');
      if (!concession) throw new DomainError('NOT_FOUND', `Concession ${concessionId} is not sold at theatre ${theatreId}`);
      return toConcession(kit.hal(request), concession as Concession);
    },
  );

  app.get<{ Params: { assignmentId: number } }>(
    '/v1/concessions/:assignmentId',
    {
      schema: route('Concessions', 'One concession by theatre-product-assignment id', {
        params: params({ assignmentId: id('The theatre-product-assignment id.') }),
        response: { 200: concessionSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      // The offer with its product and relations: one statement.
      const concession = await ONE.one(ctx, request.params.assignmentId);
      if (!concession) throw notFound('Concession', request.params.assignmentId);
      return toConcession(kit.hal(request), concession as Concession);
    },
  );

  app.get<{ Params: { showtimeId: number } }>(
    '/v1/showtimes/:showtimeId/concession-pickup-times',
    {
      schema: route('Concessions', 'Pickup times around a showtime', {
        params: params({ showtimeId: id() }),
        response: {
          200: showtimePickupTimesSchema,
        },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const record = await getShowtime(ctx.catalogDb, request.params.showtimeId);
      if (!record) throw notFound('Showtime', request.params.showtimeId);
      const times = await ctx.loaders.pickupTimesByShowtime.load(record);
      return {
        theatreId: times.theatreId,
        showtimeId: record.showtime.id,
        pickupTimes: pickupTimesOf(times, true),
        _links: kit.hal(request).self(`/v1/showtimes/${record.showtime.id}/concession-pickup-times`),
      };
    },
  );
}
