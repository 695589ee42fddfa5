import { Arg, Args, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { Order, OrderPage, toOrder } from '../schema/order.type';
import { PageArgs } from '../schema/paging.type';
import type { Context } from '../src/context';
import { getOrder, getOrderByToken, listAccountOrders, orderLoyaltyCardNumber, type OrderView } from '../src/services/order';
import type { Parent } from '../schema/parent';

@Resolver(() => Order)
export class OrderResolver {
  /** The card number in full or masked, by who asks (the rule: src/services/order/access.ts). */
  @FieldResolver()
  loyaltyCardNumber(@Root() order: Parent<Order>, @Ctx() ctx: Context): string | null {
    return orderLoyaltyCardNumber(order as unknown as OrderView, ctx.principal);
  }

  @Query(() => Order, {
    nullable: true,
    description:
      'An order, for its owner account, its creating vendor acting for no other account, or an admin; null when unknown.',
  })
  async order(@Arg('id', () => Int, { description: 'The order id.' }) id: number, @Ctx() ctx: Context): Promise<Order | null> {
    const view = await getOrder(ctx.db, ctx.principal, id);
    return view && toOrder(view);
  }

  @Query(() => Order, { nullable: true, description: 'An order by its token (the token is the credential).' })
  async orderByToken(@Arg('token', () => String, { description: "The order's token (GUID), as given to its creator." }) token: string, @Ctx() ctx: Context): Promise<Order | null> {
    const view = await getOrderByToken(ctx.db, ctx.principal, token);
    return view && toOrder(view);
  }

  @Query(() => OrderPage, { description: 'Orders of a site account, newest first: the account holder or an admin only.' })
  async accountOrders(
    @Arg('accountId', () => Int, { description: "The site account whose orders to list (the caller's own, or any for an admin)." }) accountId: number,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ): Promise<OrderPage> {
    const result = await listAccountOrders(ctx.db, ctx.principal, accountId, page);
    return Object.assign(new OrderPage(), { ...result, items: result.items.map(toOrder) });
  }
}
