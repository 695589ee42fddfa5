import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { parseBody } from '../services/shared/parse-input';
import { cancelShowtime, cancellationSchema, type CancellationView } from '../services/showtime';
import { zodBody } from './schema-compilers';
import type { Hal } from './hal';
import type { RestKit } from './kit';
import { bool, id, int, links, nstr, obj, params, route, str } from './schemas';
import { component } from './openapi';

const cancellationResultSchema = component('ShowtimeCancellation', obj({
  showtimeId: int(),
  isCanceled: bool(),
  batchId: str('The refund batch (the BatchId of its Orders.BatchRefund callbacks).'),
  status: str('Running (still being worked) or Completed.'),
  reason: str('The refund reason of the batch.'),
  refundedOrders: int('Paid orders refunded by the batch.'),
  releasedSeats: int('Held and sold seats released by the batch.'),
  createdDateUtc: str(),
  completedDateUtc: nstr(),
  _links: links(),
}));

/** The body: src/services/showtime/cancel.ts, `cancellationSchema`. */
const cancellationBody = zodBody(cancellationSchema, parseBody);

function toCancellation(hal: Hal, c: CancellationView) {
  return {
    showtimeId: c.showtimeId,
    isCanceled: true,
    batchId: c.batchId,
    status: c.status === 'completed' ? 'Completed' : 'Running',
    reason: c.reason,
    refundedOrders: c.refundedOrders,
    releasedSeats: c.releasedSeats,
    createdDateUtc: c.createdAt.toISOString(),
    completedDateUtc: c.completedAt ? c.completedAt.toISOString() : null,
    _links: hal.self(`/v2/showtimes/${c.showtimeId}`),
  };
}

/**
 * Showtime cancellation (ours; the spec names no operation that emits Orders.BatchRefund): admin only.
 * The showtime is canceled, its seats released, its paid orders refunded in one durable batch.
 */
export async function showtimeCancellationRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.post<{ Params: { id: number }; Body: z.infer<typeof cancellationSchema> | undefined }>(
    '/v2/showtimes/:id/cancellation',
    {
      schema: {
        ...route('Showtimes', 'Cancel a showtime (admin): seats released, paid orders refunded in one batch (Orders.Refund and Orders.BatchRefund); running it again refunds nothing twice', {
          params: params({ id: id() }),
          body: cancellationBody,
          response: { 200: cancellationResultSchema },
        }),
        operationId: 'cancelShowtime',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const result = await cancelShowtime(ctx.db, ctx.principal, request.params.id, request.body?.reason ?? null);
      return toCancellation(kit.hal(request), result);
    },
  );
}
