import { Ctx, Query, Resolver } from 'type-graphql';
import { RefundReason } from '../schema/reference.type';
import type { Context } from '../src/context';

@Resolver()
export class ReferenceResolver {
  @Query(() => [RefundReason], { description: 'The valid refund reasons.' })
  refundReasons(@Ctx() ctx: Context): Promise<RefundReason[]> {
    return ctx.loaders.refundReasons();
  }
}
