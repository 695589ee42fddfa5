import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { OrderProduct } from '../schema/order.type';
import { Showtime, toShowtime } from '../schema/showtime.type';
import type { Context } from '../src/context';
import type { Parent } from '../schema/parent';

@Resolver(() => OrderProduct)
export class OrderProductResolver {
  @FieldResolver(() => Showtime, { nullable: true, description: 'The showtime of a ticket (batched).' })
  async showtime(@Root() product: Parent<OrderProduct>, @Ctx() ctx: Context): Promise<Showtime | null> {
    if (product.showtimeId === null) return null;
    const record = await ctx.loaders.showtimeById.load(product.showtimeId);
    return record && toShowtime(record);
  }
}
