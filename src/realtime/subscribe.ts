import type { SeatStatusChange } from '../../schema/seat-event.type';
import type { Context } from '../context';
import { badInput, type DomainError } from '../errors';
import { seatMapViewer } from '../services/seating';
import type { SeatFanout } from './fanout';
import type { Wire } from './types';

/** The context of a graphql-ws operation: the request context plus the instance's fan-out and socket. */
export interface RealtimeContext extends Context {
  seatEvents: SeatFanout;
  /** `connectionParams.loyaltyCardNumber`: decides Premiere statuses, as the account of the token does. */
  loyaltyCardNumber: string | null;
  /** Closes the socket (a subscriber that fell too far behind). */
  dropSocket(error: DomainError): void;
  /** The operation's socket, for the fan-out's direct writes (null: messages go through the iterator). */
  wire: Wire | null;
}

const isRealtime = (ctx: unknown): ctx is RealtimeContext =>
  typeof ctx === 'object' && ctx !== null && 'seatEvents' in ctx;

/**
 * Opens the seat-status stream of a showtime for the subscriber of `context` (its membership from
 * its account token or `loyaltyCardNumber`), from `after` when given. Subscriptions are served over
 * WebSocket only.
 */
export async function subscribeSeatStatus(
  context: unknown,
  showtimeId: number,
  after: string | null,
): Promise<AsyncIterable<SeatStatusChange>> {
  if (!isRealtime(context)) throw badInput('Subscriptions are served over WebSocket (graphql-ws) at /graphql');
  const viewer = await seatMapViewer(context.loaders, context.principal, { loyaltyCardNumber: context.loyaltyCardNumber });
  return context.seatEvents.subscribe(showtimeId, viewer, after, (error) => context.dropSocket(error));
}

/** The wire of a graphql-ws operation's context, if it has one. */
export const wireOf = (context: unknown): Wire | null => (isRealtime(context) ? (context.wire ?? null) : null);
