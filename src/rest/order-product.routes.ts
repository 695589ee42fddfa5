import type { FastifyInstance } from 'fastify';
import { badInput, notFound } from '../errors';
import type { z } from 'zod';
import {
  addConcession,
  addProductModifier,
  getOrder,
  holdBestAvailable,
  holdTickets,
  lineEditBodySchema,
  modifierBodySchema,
  orderSettings,
  productBodySchema,
  removeOrderProduct,
  removeProductModifier,
  updateOrderProduct,
  type LineFacts,
  type OrderView,
} from '../services/order';
import { parseBody } from '../services/shared/parse-input';
import { zodBody } from './schema-compilers';
import type { RestKit } from './kit';
import { orderSchema, productPath, productSchema, sendOrder, toProductHal } from './order-hal';
import { id, params, route, str } from './schemas';

type ProductBody = z.infer<typeof productBodySchema>;

const lineParams = params({ orderId: id(), lineNumber: id() });
const tokenParams = params({ orderId: id(), lineNumber: id(), token: str('The line token (modifiedOrderItemGuid).') });

/**
 * Tickets (`showtimeId` + `seats`, or `showtimeId` + `bestAvailable`) or one concession
 * (`theatreConcessionId`); docs/orders.md and docs/seating.md have the rules. Every body is its zod
 * schema of src/services/order/input.ts.
 */
const productBody = zodBody(productBodySchema, parseBody);
const lineEditBody = zodBody(lineEditBodySchema, parseBody);
const modifierBody = zodBody(modifierBodySchema, parseBody);

const TICKET_ONLY = ['seats', 'bestAvailable', 'ticketType'] as const;
const CONCESSION_ONLY = ['quantity', 'modifiers', 'pickupDateTimeUtc'] as const;

/** The lines a write added: line numbers are allocated upwards under the order lock, so the last ones. */
const lastLines = (order: OrderView, n: number) => [...order.products].sort((a, b) => a.lineNumber - b.lineNumber).slice(-n);

/** Order products v2: add (tickets or a concession), read, update, delete, and a concession's modifiers. */
export async function orderProductRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.post<{ Params: { orderId: number }; Body: ProductBody }>(
    '/v2/orders/:orderId/products',
    {
      schema: route('Orders', 'Add tickets (given seats, or the best available for a party, of one showtime: all or none) or a concession line; Location: the (first) new line', {
        params: params({ orderId: id() }),
        body: productBody,
        response: { 201: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const b = request.body ?? {};
      const orderId = request.params.orderId;
      const settings = orderSettings(ctx.config);
      let order: OrderView;
      let added: number;
      let known: Map<number, LineFacts> | undefined;
      if (b.showtimeId !== undefined) {
        const mixed = CONCESSION_ONLY.find((k) => b[k] !== undefined) ?? (b.theatreConcessionId !== undefined ? 'theatreConcessionId' : undefined);
        if (mixed) throw badInput(`body parameter '${mixed}' does not apply to tickets`, mixed);
        if (b.seats && b.bestAvailable) throw badInput("body parameters 'seats' and 'bestAvailable' exclude each other", 'bestAvailable');
        if (b.bestAvailable) {
          const wanted = b.bestAvailable;
          ({ view: order, lineFacts: known } = (
            await holdBestAvailable(ctx.db, ctx.principal, { orderId, showtimeId: b.showtimeId, ticketType: b.ticketType, ...wanted }, settings, true)
          ).read);
          added = wanted.quantity;
        } else {
          if (!b.seats) throw badInput("body parameter 'seats' or 'bestAvailable' is required for tickets", 'seats');
          ({ view: order, lineFacts: known } = (
            await holdTickets(ctx.db, ctx.principal, { orderId, showtimeId: b.showtimeId, seats: b.seats, ticketType: b.ticketType }, settings, true)
          ).read);
          added = b.seats.length;
        }
      } else if (b.theatreConcessionId !== undefined) {
        const mixed = TICKET_ONLY.find((k) => b[k] !== undefined);
        if (mixed) throw badInput(`body parameter '${mixed}' does not apply to a concession`, mixed);
        order = await addConcession(
          ctx.db,
          ctx.principal,
          { orderId, theatreConcessionId: b.theatreConcessionId, quantity: b.quantity, modifiers: b.modifiers, pickupDateTimeUtc: b.pickupDateTimeUtc },
          settings,
        );
        added = 1;
      } else {
        throw badInput('body needs showtimeId with seats or bestAvailable (tickets), or theatreConcessionId (a concession)', 'showtimeId');
      }
      const first = lastLines(order, added)[0];
      return sendOrder(ctx, kit.hal(request), reply, order, { location: productPath(orderId, first.lineNumber) }, known);
    },
  );

  app.get<{ Params: { orderId: number; lineNumber: number } }>(
    '/v2/orders/:orderId/products/:lineNumber',
    {
      schema: route('Orders', 'One product line of an order (as the order is readable)', { params: lineParams, response: { 200: productSchema } }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber } = request.params;
      const order = await getOrder(ctx.db, ctx.principal, orderId);
      if (!order) throw notFound('Order', orderId);
      const product = order.products.find((p) => p.lineNumber === lineNumber);
      if (!product) throw notFound('Order product', lineNumber);
      return toProductHal(ctx, kit.hal(request), order, product);
    },
  );

  app.put<{ Params: { orderId: number; lineNumber: number }; Body: z.infer<typeof lineEditBodySchema> }>(
    '/v2/orders/:orderId/products/:lineNumber',
    {
      schema: route('Orders', "Update a line: a ticket's type (re-priced) or a concession's quantity", {
        params: lineParams,
        body: lineEditBody,
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber } = request.params;
      const b = request.body ?? {};
      const order = await updateOrderProduct(
        ctx.db,
        ctx.principal,
        { orderId, lineNumber, ticketType: b.ticketType, quantity: b.quantity },
        orderSettings(ctx.config),
      );
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );

  app.delete<{ Params: { orderId: number; lineNumber: number } }>(
    '/v2/orders/:orderId/products/:lineNumber',
    {
      schema: route('Orders', 'Remove a line (Cancelled; a ticket releases its seat)', { params: lineParams, response: { 200: orderSchema } }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber } = request.params;
      const order = await removeOrderProduct(ctx.db, ctx.principal, orderId, lineNumber, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );

  app.post<{ Params: { orderId: number; lineNumber: number; token: string }; Body: z.infer<typeof modifierBodySchema> }>(
    '/v2/orders/:orderId/products/:lineNumber/token-:token/modifiers',
    {
      schema: route('Orders', "Add a modifier of the line's concession; Location: the line", {
        params: tokenParams,
        body: modifierBody,
        response: { 201: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber, token } = request.params;
      const order = await addProductModifier(
        ctx.db,
        ctx.principal,
        { orderId, lineNumber, token, modifierId: request.body.modifierId, quantity: request.body.quantity },
        orderSettings(ctx.config),
      );
      return sendOrder(ctx, kit.hal(request), reply, order, { location: productPath(orderId, lineNumber) });
    },
  );

  app.delete<{ Params: { orderId: number; lineNumber: number; token: string; modifierSku: string } }>(
    '/v2/orders/:orderId/products/:lineNumber/token-:token/modifiers/:modifierSku',
    {
      schema: route('Orders', 'Remove a modifier (by sku) from a concession line', {
        params: params({ orderId: id(), lineNumber: id(), token: str(), modifierSku: str() }),
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { orderId, lineNumber, token, modifierSku } = request.params;
      const order = await removeProductModifier(ctx.db, ctx.principal, { orderId, lineNumber, token, modifierSku }, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );
}
