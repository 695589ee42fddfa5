import { Arg, Args, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { Account, toAccount } from '../schema/account.type';
import { OrderPage, toOrder } from '../schema/order.type';
import { PageArgs } from '../schema/paging.type';
import type { Context } from '../src/context';
import { getAccount, getOwnAccount } from '../src/services/account';
import { listAccountOrders } from '../src/services/order';
import type { Parent } from '../schema/parent';

/**
 * The account graph's roots and the fields every account has. Each area of the account side
 * (loyalty, wallet, subscriptions, devices, personalized movies) adds its fields with a
 * `@Resolver(() => Account)` class of its own.
 */
@Resolver(() => Account)
export class AccountResolver {
  @Query(() => Account, { description: "The caller's own site account (needs an account token)." })
  async me(@Ctx() ctx: Context): Promise<Account> {
    return toAccount(await getOwnAccount(ctx.db, ctx.principal));
  }

  @Query(() => Account, { description: 'A site account by id: its own token or an admin only (FORBIDDEN otherwise).' })
  async account(@Arg('id', () => Int, { description: 'Site account id.' }) id: number, @Ctx() ctx: Context): Promise<Account> {
    return toAccount(await getAccount(ctx.db, ctx.principal, id));
  }

  @FieldResolver(() => OrderPage, { description: "The account's orders, newest first." })
  async orders(@Root() account: Parent<Account>, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context): Promise<OrderPage> {
    const result = await listAccountOrders(ctx.db, ctx.principal, account.id, page);
    return Object.assign(new OrderPage(), { ...result, items: result.items.map(toOrder) });
  }
}
