import type { FastifyInstance } from 'fastify';
import { badInput, DomainError, notFound } from '../errors';
import {
  cancelOrderRead,
  createOrder,
  getOrder,
  getOrderByToken,
  listAccountOrders,
  orderSettings,
  updateOrder,
  orderFieldsSchema,
  type CreateOrderInput,
} from '../services/order';
import { parseBody } from '../services/shared/parse-input';
import { zodBody } from './schema-compilers';
import type { RestKit } from './kit';
import { orderActionRoutes } from './order-action.routes';
import { orderPath, orderSchema, sendOrder, toOrderHal } from './order-hal';
import { orderPaymentRoutes } from './order-payment.routes';
import { orderProductRoutes } from './order-product.routes';
import { pagedFields, pageOf, pagingQuery, type PagingQuery } from './paging';
import { arr, id, nstr, obj, paged, params, query, route, str } from './schemas';
import { component } from './openapi';

const orderIdParams = params({ orderId: id() });
/** Create and update take the same optional fields (src/services/order/input.ts). */
const orderFieldsBody = zodBody(orderFieldsSchema, parseBody);

type WindowQuery = PagingQuery & { startDateUtc?: string; endDateUtc?: string };

/**
 * A window bound: a full ISO-8601 UTC date-time, or a date (`YYYY-MM-DD`) meaning the start of that
 * UTC day, or for `endDateUtc` the end of it (so a date range includes its last day).
 */
export function windowBound(raw: string | undefined, name: 'startDateUtc' | 'endDateUtc'): Date | null {
  if (raw === undefined || raw === '') return null;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const value = new Date(dateOnly ? `${raw}T00:00:00.000Z` : raw);
  if ((!dateOnly && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw)) || Number.isNaN(value.getTime())) {
    throw badInput(`${name} must be an ISO-8601 UTC date or date-time`, name);
  }
  if (dateOnly && value.toISOString().slice(0, 10) !== raw) throw badInput(`${name} is not a calendar date`, name);
  return dateOnly && name === 'endDateUtc' ? new Date(value.getTime() + 86_400_000) : value;
}

const orderPageSchema = component('OrderPage', paged({ startDateUtc: nstr(), endDateUtc: nstr(), _embedded: obj({ orders: arr(orderSchema) }) }));

/**
 * Orders v2: read by id or token, create, update, delete (= cancel), an account's orders; the product,
 * payment and action routes are registered here too, under the same unknown-field check.
 */
export async function orderRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  // No body at all reads as an empty one, so required fields are named rather than "body must be object".
  // A field the body does not know is a 400 naming it: every order body is a strict zod schema
  // (src/services/order/input.ts). This hook, like the error handler below, applies to the order routes
  // only (this plugin's scope).
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.schema?.body && request.body === undefined) request.body = {};
  });

  // The services' BAD_USER_INPUT carries the field in `details.argument` (GraphQL shows it as an
  // extension); the REST body has only a message, so the field is put in front of it. The root handler
  // (src/rest/errors.ts) then answers as for every route.
  app.setErrorHandler((error) => {
    const argument = error instanceof DomainError ? error.details?.argument : undefined;
    if (error instanceof DomainError && typeof argument === 'string' && !error.message.includes(argument)) {
      throw new DomainError(error.code, `${argument}: ${error.message}`, error.details);
    }
    throw error;
  });

  app.get<{ Params: { token: string } }>(
    '/v2/orders/token-:token',
    {
      schema: route('Orders', 'An order by its token (the token is the credential)', {
        params: params({ token: str('The order token (GUID).') }),
        response: { 200: orderSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const order = await getOrderByToken(ctx.db, ctx.principal, request.params.token);
      if (!order) throw notFound('Order with token', request.params.token);
      return toOrderHal(ctx, kit.hal(request), order);
    },
  );

  app.get<{ Params: { orderId: number } }>(
    '/v2/orders/:orderId',
    {
      schema: route('Orders', 'An order by id (its vendor, its account, or an admin)', {
        params: orderIdParams,
        response: { 200: orderSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const order = await getOrder(ctx.db, ctx.principal, request.params.orderId);
      if (!order) throw notFound('Order', request.params.orderId);
      return toOrderHal(ctx, kit.hal(request), order);
    },
  );

  app.post<{ Body: CreateOrderInput | undefined }>(
    '/v2/orders',
    {
      schema: route('Orders', 'Create an empty pending order (X-Vendor-Key; owner = the Bearer account)', {
        body: orderFieldsBody,
        response: { 201: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const order = await createOrder(ctx.db, ctx.principal, request.body ?? {}, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order, { location: orderPath(order.id) });
    },
  );

  app.put<{ Params: { orderId: number }; Body: CreateOrderInput }>(
    '/v2/orders/:orderId',
    {
      schema: route('Orders', 'Update email, loyalty card, vendor transaction id or shopping cart id', {
        params: orderIdParams,
        body: orderFieldsBody,
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const order = await updateOrder(ctx.db, ctx.principal, request.params.orderId, request.body ?? {}, orderSettings(ctx.config));
      return sendOrder(ctx, kit.hal(request), reply, order);
    },
  );

  app.delete<{ Params: { orderId: number } }>(
    '/v2/orders/:orderId',
    {
      schema: route('Orders', 'Delete (cancel) a pending order: its seats are released', {
        params: orderIdParams,
        response: { 200: orderSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { view, lineFacts } = await cancelOrderRead(ctx.db, ctx.principal, request.params.orderId);
      return sendOrder(ctx, kit.hal(request), reply, view, undefined, lineFacts);
    },
  );

  app.get<{ Params: { accountId: number }; Querystring: WindowQuery }>(
    '/v2/site-accounts/:accountId/orders/',
    {
      schema: route('Orders', "An account's orders, newest first, optionally created in [startDateUtc, endDateUtc] (owner or admin)", {
        params: params({ accountId: id() }),
        querystring: query({
          startDateUtc: str('ISO-8601 UTC date-time, or a date (from its start).'),
          endDateUtc: str('ISO-8601 UTC date-time (exclusive), or a date (through its end).'),
          ...pagingQuery,
        }),
        response: {
          200: orderPageSchema,
        },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const from = windowBound(request.query.startDateUtc, 'startDateUtc');
      const to = windowBound(request.query.endDateUtc, 'endDateUtc');
      if (from && to && from.getTime() >= to.getTime()) throw badInput('endDateUtc must be after startDateUtc', 'endDateUtc');
      const page = pageOf(request.query);
      const result = await listAccountOrders(ctx.db, ctx.principal, request.params.accountId, page, { from, to });
      const orders = await Promise.all(result.items.map((o) => toOrderHal(ctx, hal, o)));
      return {
        ...pagedFields(request, hal, page, result.totalCount),
        startDateUtc: from?.toISOString() ?? null,
        endDateUtc: to?.toISOString() ?? null,
        _embedded: { orders },
      };
    },
  );

  await orderProductRoutes(app, kit);
  await orderPaymentRoutes(app, kit);
  await orderActionRoutes(app, kit);
}
