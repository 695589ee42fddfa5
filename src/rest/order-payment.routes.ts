import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import type { z } from 'zod';
import { addPayment, getOrder, orderSettings, paymentBodySchema, removePayment } from '../services/order';
import { parseBody } from '../services/shared/parse-input';
import { zodBody } from './schema-compilers';
import type { RestKit } from './kit';
import { orderSchema, paymentPath, paymentSchema, sendOrder, toPaymentHal } from './order-hal';
import { id, params, route } from './schemas';

const lineParams = params({ orderId: id(), lineNumber: id() });
const paymentBody = zodBody(paymentBodySchema, parseBody);

/** Order payments v2: add a tender (201 + Location of the payment), read one, remove a pending one. */
export async function orderPaymentRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.post<{ Params: { orderId: number }; Body: z.infer<typeof paymentBodySchema> }>(
    '/v2/orders/:orderId/payments',
    {
      schema: route('Orders', 'Add a tender (at most the balance due); Location: the payment', {
        params: params({ orderId: id() }),
        body: paymentBody,
        response: { 201: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const orderId = request.params.orderId;
      const { type, amount, cardNumber } = request.body;
      const order = await addPayment(ctx.db, ctx.principal, { orderId, type, amount, cardNumber }, orderSettings(ctx.config));
      const line = Math.max(...order.payments.map((p) => p.lineNumber));
      return sendOrder(ctx, kit.hal(request), reply, order, { location: paymentPath(orderId, line) });
    },
  );

  app.get<{ Params: { orderId: number; lineNumber: number } }>(
    '/v2/orders/:orderId/payments/:lineNumber',
    { schema: route('Orders', 'One tender of an order (as the order is readable)', { params: lineParams, response: { 200: paymentSchema } }) },
    async (request) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber } = request.params;
      const order = await getOrder(ctx.db, ctx.principal, orderId);
      if (!order) throw notFound('Order', orderId);
      const payment = order.payments.find((p) => p.lineNumber === lineNumber);
      if (!payment) throw notFound('Payment', lineNumber);
      return toPaymentHal(kit.hal(request), order, payment);
    },
  );

  app.delete<{ Params: { orderId: number; lineNumber: number } }>(
    '/v2/orders/:orderId/payments/:lineNumber',
    { schema: route('Orders', 'Remove (cancel) a pending tender', { params: lineParams, response: { 200: orderSchema } }) },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber } = request.params;
      const order = await removePayment(ctx.db, ctx.principal, orderId, lineNumber, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );
}
