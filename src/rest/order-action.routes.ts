import type { FastifyInstance } from 'fastify';
import {
  applyLoyaltyDiscounts,
  fulfillOrder,
  loyaltyDiscountsSchema,
  orderSettings,
  refundBodySchema,
  refreshOrderExpiration,
  refundOrder,
  sendTicketConfirmationSms,
} from '../services/order';
import { parseBody } from '../services/shared/parse-input';
import type { RestKit } from './kit';
import { zodBody } from './schema-compilers';
import { orderSchema, sendOrder } from './order-hal';
import { id, params, route, str } from './schemas';

const orderIdParams = params({ orderId: id() });
const refundBody = zodBody(refundBodySchema, parseBody);
const loyaltyDiscountsBody = zodBody(loyaltyDiscountsSchema, parseBody);

/**
 * Order actions v2: fulfilment (the order-fulfillment link), refunds (ours; the spec leaves the operation
 * open), refreshing the expiration, loyalty discounts, and recording an SMS ticket confirmation.
 * Each answers 200 with the order.
 */
export async function orderActionRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.post<{ Params: { orderId: number } }>(
    '/v2/orders/:orderId/fulfillment',
    {
      schema: route('Orders', 'Fulfil a paid order: held seats are sold (402 while payments do not cover the total)', {
        params: orderIdParams,
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const order = await fulfillOrder(ctx.db, ctx.principal, request.params.orderId, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );

  app.post<{ Params: { orderId: number }; Body: { reason: string; lineNumbers?: number[] } }>(
    '/v2/orders/:orderId/refunds',
    {
      schema: route('Orders', 'Refund a fulfilled order, whole or by line; seats become Available; emits Orders.Refund', {
        params: orderIdParams,
        body: refundBody,
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { reason, lineNumbers } = request.body;
      const order = await refundOrder(ctx.db, ctx.principal, { orderId: request.params.orderId, reason, lineNumbers }, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );

  app.post<{ Params: { orderId: number } }>(
    '/v2/orders/:orderId/refresh-expiration',
    {
      schema: route('Orders', 'Extend a pending order and its seat holds to now + the hold time', {
        params: orderIdParams,
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const order = await refreshOrderExpiration(ctx.db, ctx.principal, request.params.orderId, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );

  app.post<{ Params: { orderId: number }; Body: { loyaltyCardNumber: string } }>(
    '/v2/orders/:orderId/loyalty-discounts',
    {
      schema: route('Orders', "Apply an active loyalty card's benefits (Premiere: convenience fees waived)", {
        params: orderIdParams,
        body: loyaltyDiscountsBody,
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const order = await applyLoyaltyDiscounts(
        ctx.db,
        ctx.principal,
        request.params.orderId,
        request.body.loyaltyCardNumber,
        orderSettings(ctx.config),
      );
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );

  app.post<{ Params: { orderId: number; lineNumber: number; phoneNumber: string } }>(
    '/v2/orders/:orderId/products/:lineNumber/sms-ticket-confirmation/:phoneNumber',
    {
      schema: route('Orders', "Record a request to text a fulfilled ticket's confirmation (no SMS provider: recorded only)", {
        params: params({ orderId: id(), lineNumber: id(), phoneNumber: str('A mobile number: 10 digits, optionally with a leading 1 or +1, as (212) 555-0001 or 212-555-0001.') }),
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber, phoneNumber } = request.params;
      const order = await sendTicketConfirmationSms(ctx.db, ctx.principal, { orderId, lineNumber, phoneNumber }, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );
}
