import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Int, Mutation, Resolver } from 'type-graphql';
import {
  AddBestAvailableTicketsInput,
  AddConcessionInput,
  AddPaymentInput,
  AddTicketsInput,
  CreateOrderInput,
  RefundOrderInput,
} from '../schema/order.input';
import { Order, toOrder } from '../schema/order.type';
import type { Context } from '../src/context';
import * as orders from '../src/services/order';
import { parseFields } from '../src/services/shared/parse-input';

const settings = (ctx: Context) => orders.orderSettings(ctx.config);

/** Fields of an Order answered from its id alone, without loading it. */
const ID_ONLY = new Set(['id', '__typename']);

/**
 * The Order a mutation answers, read after its commit and only when the client selected more than its
 * id: the hot mutations (holds, cancel) write in a few statements, and the statement that reads a whole
 * order (`loadOrderView`) is spent only when asked for. Fragments count as asking.
 */
async function orderAfterWrite(ctx: Context, info: GraphQLResolveInfo, id: number): Promise<Order> {
  const selections = info.fieldNodes.flatMap((node) => node.selectionSet?.selections ?? []);
  if (selections.every((s) => s.kind === 'Field' && ID_ONLY.has(s.name.value))) return Object.assign(new Order(), { id });
  const view = await orders.loadOrderView(ctx.db, id);
  if (!view) throw new Error(`Order ${id} vanished after its write`);
  ctx.loaders.orderById.clear(id).prime(id, view);
  return toOrder(view);
}

/**
 * Order writes. The services check the vendor key (UNAUTHENTICATED without one, design.md), ownership
 * and state, so GraphQL and REST answer alike; `@Authorized` is not used as its denial is not a code of ours.
 */
@Resolver(() => Order)
export class OrderMutationResolver {
  @Mutation(() => Order, { description: 'Creates an empty pending order; it expires unless modified.' })
  async createOrder(@Arg('input', () => CreateOrderInput, { description: "The order's optional details." }) input: CreateOrderInput, @Ctx() ctx: Context): Promise<Order> {
    return toOrder(await orders.createOrder(ctx.db, ctx.principal, parseFields(orders.orderFieldsSchema, { ...input }), settings(ctx)));
  }

  @Mutation(() => Order, { description: 'Changes email, vendor transaction id, shopping cart id or loyalty card.' })
  async updateOrder(
    @Arg('orderId', () => Int, { description: 'The order.' }) orderId: number,
    @Arg('input', () => CreateOrderInput, { description: 'The details to change; omitted fields are kept.' }) input: CreateOrderInput,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    return toOrder(await orders.updateOrder(ctx.db, ctx.principal, orderId, parseFields(orders.orderFieldsSchema, { ...input }), settings(ctx)));
  }

  @Mutation(() => Order, {
    description: 'Holds seats of one showtime (all or none); SEAT_UNAVAILABLE names seats already taken.',
  })
  async addTickets(
    @Arg('input', () => AddTicketsInput, { description: 'The order, showtime, seats and ticket type.' }) input: AddTicketsInput,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Order> {
    const { id } = await orders.holdTickets(ctx.db, ctx.principal, parseFields(orders.addTicketsSchema, { ...input, seats: input.seats.map((s) => ({ ...s })) }), settings(ctx));
    return orderAfterWrite(ctx, info, id);
  }

  @Mutation(() => Order, {
    description:
      'Holds the best available seats of one showtime for a party (together in one row, nearest the sweet spot; docs/seating.md), all or none. ' +
      'SEAT_UNAVAILABLE when none fit, saying whether allowSplit would succeed (extensions.splitWouldSucceed).',
  })
  async addBestAvailableTickets(
    @Arg('input', () => AddBestAvailableTicketsInput, { description: 'The order, showtime, party size and preferences.' }) input: AddBestAvailableTicketsInput,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Order> {
    const { id } = await orders.holdBestAvailable(ctx.db, ctx.principal, parseFields(orders.addBestAvailableSchema, { ...input }), settings(ctx));
    return orderAfterWrite(ctx, info, id);
  }

  @Mutation(() => Order, { description: 'Adds a concession line with its modifiers.' })
  async addConcession(@Arg('input', () => AddConcessionInput, { description: 'The order, product, quantity and modifiers.' }) input: AddConcessionInput, @Ctx() ctx: Context): Promise<Order> {
    return toOrder(await orders.addConcession(
        ctx.db,
        ctx.principal,
        parseFields(orders.addConcessionSchema, { ...input, modifiers: input.modifiers?.map((m) => ({ ...m })) }),
        settings(ctx),
      ));
  }

  @Mutation(() => Order, { description: 'Removes a product line (a ticket releases its seat).' })
  async removeOrderProduct(
    @Arg('orderId', () => Int, { description: 'The order.' }) orderId: number,
    @Arg('lineNumber', () => Int, { description: 'The line to remove.' }) lineNumber: number,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    return toOrder(await orders.removeOrderProduct(ctx.db, ctx.principal, orderId, lineNumber, settings(ctx)));
  }

  @Mutation(() => Order, { description: 'Adds a tender (at most the balance due).' })
  async addPayment(@Arg('input', () => AddPaymentInput, { description: 'The order and the tender.' }) input: AddPaymentInput, @Ctx() ctx: Context): Promise<Order> {
    return toOrder(await orders.addPayment(ctx.db, ctx.principal, parseFields(orders.addPaymentSchema, { ...input }), settings(ctx)));
  }

  @Mutation(() => Order, { description: 'Removes a pending tender.' })
  async removePayment(
    @Arg('orderId', () => Int, { description: 'The order.' }) orderId: number,
    @Arg('lineNumber', () => Int, { description: 'The payment line to remove.' }) lineNumber: number,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    return toOrder(await orders.removePayment(ctx.db, ctx.principal, orderId, lineNumber, settings(ctx)));
  }

  @Mutation(() => Order, { description: 'Sells the held seats; only when payments cover the total (else PAYMENT_REQUIRED).' })
  async fulfillOrder(
    @Arg('orderId', () => Int, { description: 'The order.' }) orderId: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Order> {
    const { id } = await orders.fulfillOrderLean(ctx.db, ctx.principal, orderId);
    return orderAfterWrite(ctx, info, id);
  }

  @Mutation(() => Order, { description: 'Cancels a pending order and releases its seats.' })
  async cancelOrder(
    @Arg('orderId', () => Int, { description: 'The order.' }) orderId: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Order> {
    const { id } = await orders.cancelOrderLean(ctx.db, ctx.principal, orderId);
    return orderAfterWrite(ctx, info, id);
  }

  @Mutation(() => Order, { description: 'Refunds fulfilled products (all, or the given lines); emits Orders.Refund.' })
  async refundOrder(@Arg('input', () => RefundOrderInput, { description: 'The order, the reason and optionally the lines.' }) input: RefundOrderInput, @Ctx() ctx: Context): Promise<Order> {
    return toOrder(await orders.refundOrder(ctx.db, ctx.principal, parseFields(orders.refundOrderSchema, { ...input, lineNumbers: input.lineNumbers ?? undefined }), settings(ctx)));
  }

  @Mutation(() => Order, { description: 'Extends a pending order and its seat holds.' })
  async refreshOrderExpiration(@Arg('orderId', () => Int, { description: 'The order.' }) orderId: number, @Ctx() ctx: Context): Promise<Order> {
    return toOrder(await orders.refreshOrderExpiration(ctx.db, ctx.principal, orderId, settings(ctx)));
  }

  @Mutation(() => Order, { description: "Applies a loyalty card's benefits (Premiere members: convenience fees waived)." })
  async applyLoyaltyDiscounts(
    @Arg('orderId', () => Int, { description: 'The order.' }) orderId: number,
    @Arg('loyaltyCardNumber', () => String, { description: 'An active loyalty card (Premiere waives convenience fees).' }) loyaltyCardNumber: string,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    return toOrder(await orders.applyLoyaltyDiscounts(ctx.db, ctx.principal, orderId, parseFields(orders.loyaltyDiscountsSchema, { loyaltyCardNumber }).loyaltyCardNumber, settings(ctx)));
  }

  @Mutation(() => Order, {
    description: 'Records a request to text a fulfilled ticket\'s confirmation (no SMS provider exists: nothing is sent).',
  })
  async sendTicketConfirmationSms(
    @Arg('orderId', () => Int, { description: 'The order.' }) orderId: number,
    @Arg('lineNumber', () => Int, { description: 'The fulfilled ticket line.' }) lineNumber: number,
    @Arg('phoneNumber', () => String, { description: 'The phone number to text.' }) phoneNumber: string,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    return toOrder(
      await orders.sendTicketConfirmationSms(ctx.db, ctx.principal, { orderId, lineNumber, phoneNumber }, settings(ctx)),
    );
  }
}
