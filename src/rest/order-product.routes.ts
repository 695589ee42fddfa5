import type { FastifyInstance } from 'fastify';
import { badInput, notFound } from '../errors';
import {
  addConcession,
  addProductModifier,
  getOrder,
  holdBestAvailable,
  holdTickets,
  MAX_MODIFIERS,
  MAX_PARTY,
  MAX_SEATS_PER_CALL,
  orderSettings,
  removeOrderProduct,
  removeProductModifier,
  TICKET_TYPES,
  updateOrderProduct,
  type LineFacts,
  type OrderView,
  type TicketType,
} from '../services/order';
import type { RestKit } from './kit';
import { orderSchema, productPath, productSchema, sendOrder, toProductHal } from './order-hal';
import { arr, bool, id, int, nint, nstr, obj, params, route, str } from './schemas';

interface ProductBody {
  showtimeId?: number;
  seats?: { row: number; column: number }[];
  bestAvailable?: { quantity: number; zoneNumber?: number | null; accessible?: boolean; allowSplit?: boolean };
  ticketType?: TicketType;
  theatreConcessionId?: number;
  quantity?: number;
  modifiers?: { modifierId: number; quantity: number }[];
  pickupDateTimeUtc?: string | null;
}

const lineParams = params({ orderId: id(), lineNumber: id() });
const tokenParams = params({ orderId: id(), lineNumber: id(), token: str('The line token (modifiedOrderItemGuid).') });
const ticketType = { type: 'string', enum: [...TICKET_TYPES], description: 'ADULT (default), CHILD or SENIOR.' };

/**
 * Tickets (`showtimeId` + `seats`, or `showtimeId` + `bestAvailable`) or one concession
 * (`theatreConcessionId`); docs/orders.md and docs/seating.md have the rules.
 */
const productBody = {
  type: 'object',
  properties: {
    showtimeId: int('Tickets: the showtime.'),
    seats: {
      ...arr(obj({ row: int(), column: int() })),
      minItems: 1,
      maxItems: MAX_SEATS_PER_CALL,
      description: `Tickets: 1–${MAX_SEATS_PER_CALL} distinct seats, all held or none.`,
    },
    bestAvailable: {
      ...obj(
        {
          quantity: { ...int(`People in the party, 1–${MAX_PARTY}.`), minimum: 1, maximum: MAX_PARTY },
          zoneNumber: nint('Only seats of this price zone of the layout.'),
          accessible: bool('One wheelchair space and quantity − 1 companion seats beside it (default false).'),
          allowSplit: bool('When no block seats the party together: the fewest rows, adjacent rows first (default false).'),
        },
        ['zoneNumber', 'accessible', 'allowSplit'],
      ),
      additionalProperties: false,
      description: 'Tickets, instead of seats: the service chooses the best seats for the party (docs/seating.md), all held or none.',
    },
    ticketType,
    theatreConcessionId: int('A concession: the theatre product assignment id.'),
    quantity: int('A concession: 1–20.'),
    modifiers: { ...arr(obj({ modifierId: int(), quantity: int() })), maxItems: MAX_MODIFIERS, description: `A concession: at most ${MAX_MODIFIERS}.` },
    pickupDateTimeUtc: nstr('A concession: pickup time, ISO-8601 UTC, in the future.'),
  },
};

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
          { orderId, theatreConcessionId: b.theatreConcessionId, quantity: b.quantity ?? 1, modifiers: b.modifiers, pickupDateTimeUtc: b.pickupDateTimeUtc },
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

  app.put<{ Params: { orderId: number; lineNumber: number }; Body: { ticketType?: TicketType; quantity?: number } }>(
    '/v2/orders/:orderId/products/:lineNumber',
    {
      schema: route('Orders', "Update a line: a ticket's type (re-priced) or a concession's quantity", {
        params: lineParams,
        body: { type: 'object', properties: { ticketType, quantity: int('A concession: 1–20.') } },
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

  app.post<{ Params: { orderId: number; lineNumber: number; token: string }; Body: { modifierId: number; quantity?: number } }>(
    '/v2/orders/:orderId/products/:lineNumber/token-:token/modifiers',
    {
      schema: route('Orders', "Add a modifier of the line's concession; Location: the line", {
        params: tokenParams,
        body: { type: 'object', properties: { modifierId: int(), quantity: int('1–10, default 1.') }, required: ['modifierId'] },
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
