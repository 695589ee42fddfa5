import type { Context } from '../context';
import { badInput } from '../errors';
import { seatMapViewer } from '../services/seating/seat-map.service';
import type { SeatStatusChange } from '../../schema/seat-event.type';
import type { SeatEventHub } from './seat-events';

/** The context of a graphql-ws operation: the request context plus the instance's hub and the membership given. */
export interface RealtimeContext extends Context {
  seatEvents: SeatEventHub;
  /** `connectionParams.loyaltyCardNumber`: decides Premiere statuses, as the account of the token does. */
  loyaltyCardNumber: string | null;
}

const isRealtime = (ctx: unknown): ctx is RealtimeContext =>
  typeof ctx === 'object' && ctx !== null && 'seatEvents' in ctx;

/**
 * Opens the seat-status stream of a showtime for the subscriber of `context` (its membership from
 * its account token or `loyaltyCardNumber`). Subscriptions are served over WebSocket only.
 */
export async function subscribeSeatStatus(context: unknown, showtimeId: number): Promise<AsyncIterable<SeatStatusChange>> {
  if (!isRealtime(context)) throw badInput('Subscriptions are served over WebSocket (graphql-ws) at /graphql');
  const viewer = await seatMapViewer(context.loaders, context.principal, { loyaltyCardNumber: context.loyaltyCardNumber });
  return context.seatEvents.subscribe(showtimeId, viewer);
}
