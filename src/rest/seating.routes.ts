import type { FastifyInstance } from 'fastify';
import { DomainError, notFound } from '../errors';
import { seatMapForShowtime, seatMapViewer, theatreSeatingLayouts } from '../services/seating';
import { getShowtimeByPerformance } from '../services/showtime';
import type { RestKit } from './kit';
import { arr, id, int, params, query, route, str } from './schemas';
import { component } from './openapi';
import { resource } from './derive';

/** REST prints the seat type and status in the spec's spelling (GraphQL: the enum names). */
const SEAT_TYPE = str('CanReserve, Blocked, Wheelchair, Companion, GeneralAdmission, NA, LoveSeatLeft, LoveSeatRight, NotASeat, …');

const seatSchema = component('SeatingLayoutSeat', resource('Seat', {
  // REST names a seat by its row and column (no cache id) and its seat map prints no zone.
  omit: ['id', 'zoneNumber'],
  override: {
    type: SEAT_TYPE,
    seatStatus: str('Available, Sold, Locked, Blocked, Unblocked, GAOverride, PremiereAvailable, PremiereUnavailable, BlockedForSocialDistance'),
  },
}));

const seatMapSchema = component('SeatingLayout', resource('SeatingLayout', {
  // REST has the seats as objects only: no compact status array, no layout version.
  omit: ['seatStatuses', 'layout'],
  override: { seats: arr(seatSchema) },
  links: true,
}));

const layoutSeatSchema = component('LayoutSeat', resource('LayoutSeat', { omit: ['id'], override: { type: SEAT_TYPE } }));

const layoutSchema = component('Layout', resource('Layout', {
  override: { seats: arr(layoutSeatSchema) },
  // The layout's name is REST's alone (GraphQL's Layout has none yet).
  extra: { name: str() },
}));

const auditoriumSchema = component('AuditoriumLayouts', resource('AuditoriumLayouts', { override: { layouts: arr(layoutSchema) } }));

const theatreLayoutsSchema = component('TheatreSeatingLayouts', resource('TheatreSeatingLayouts', {
  override: { auditoriums: arr(auditoriumSchema) },
  links: true,
}));

/** Seat maps per performance (v2, v3) and the layouts of a theatre's auditoriums (v2, v3). */
export async function seatingRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  for (const version of ['v3', 'v2'] as const) {
    app.get<{
      Params: { theatreNumber: number; performanceNumber: number };
      Querystring: { accountId?: number; loyaltyCardNumber?: string };
    }>(
      `/${version}/seating-layouts/:theatreNumber/:performanceNumber`,
      {
        schema: route('Seating', `Seat map of a performance (${version}); the caller's own accountId or loyaltyCardNumber (an admin: any) enable premiere availability`, {
          params: params({ theatreNumber: id('The theatre id.'), performanceNumber: id() }),
          querystring: query({ accountId: int(), loyaltyCardNumber: str() }),
          response: { 200: seatMapSchema },
        }),
      },
      async (request) => {
        const ctx = await kit.context(request);
        const { theatreNumber, performanceNumber } = request.params;
        const record = await getShowtimeByPerformance(ctx.db, theatreNumber, performanceNumber);
        if (!record) {
          throw new DomainError('NOT_FOUND', `Performance ${performanceNumber} of theatre ${theatreNumber} was not found`);
        }
        ctx.loaders.showtimeById.prime(record.showtime.id, record);
        const viewer = await seatMapViewer(ctx.loaders, ctx.principal, {
          accountId: request.query.accountId,
          loyaltyCardNumber: request.query.loyaltyCardNumber,
        });
        const map = await seatMapForShowtime(ctx.loaders, record.showtime.id, viewer);
        if (!map) throw notFound('Showtime', record.showtime.id);
        return {
          theatreNumber: map.theatreNumber,
          performanceNumber: map.performanceNumber,
          rows: map.rows,
          columns: map.columns,
          seats: map.seats.map(({ seat, status, available }) => ({
            row: seat.row,
            column: seat.column,
            seatName: seat.seatName,
            type: seat.type,
            seatTier: seat.tier,
            available,
            seatStatus: status,
          })),
          _links: kit.hal(request).self(`/${version}/seating-layouts/${theatreNumber}/${performanceNumber}`),
        };
      },
    );

    app.get<{ Params: { theatreNumber: number } }>(
      `/${version}/theatres/:theatreNumber/seating-layouts`,
      {
        schema: route('Seating', `Auditoriums of a theatre and their current layouts (${version})`, {
          params: params({ theatreNumber: id('The theatre id.') }),
          response: { 200: theatreLayoutsSchema },
        }),
      },
      async (request) => {
        const ctx = await kit.context(request);
        const { theatreNumber } = request.params;
        if (!(await ctx.loaders.theatreById.load(theatreNumber))) throw notFound('Theatre', theatreNumber);
        const result = await theatreSeatingLayouts(ctx.loaders, theatreNumber);
        return {
          theatreNumber: result.theatreNumber,
          auditoriums: result.auditoriums.map((a) => ({
            auditorium: a.auditorium,
            layouts: a.layouts.map((l) => ({
              id: l.layoutId,
              versionNumber: l.versionNumber,
              theatreNumber: l.theatreId,
              name: l.name,
              rows: l.rows,
              columns: l.columns,
              seats: l.seats.map((s) => ({
                row: s.row,
                column: s.column,
                seatName: s.seatName,
                type: s.type,
                seatTier: s.tier,
                zoneNumber: s.zoneNumber,
              })),
              zones: l.zones.map((z) => ({
                zoneNumber: z.zoneNumber,
                surchargeAmount: z.surchargeAmount,
                discountAmount: z.discountAmount,
                description: z.description,
              })),
            })),
          })),
          _links: kit.hal(request).self(`/${version}/theatres/${theatreNumber}/seating-layouts`),
        };
      },
    );
  }
}
