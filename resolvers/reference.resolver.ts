import { Ctx, Query, Resolver } from 'type-graphql';
import { RefundReason } from '../schema/reference.type';
import type { Context } from '../src/context';
import { listRefundReasons } from '../src/services/reference.service';

@Resolver()
export class ReferenceResolver {
  @Query(() => [RefundReason], { description: 'The valid refund reasons.' })
  refundReasons(@Ctx() ctx: Context): Promise<RefundReason[]> {
    return listRefundReasons(ctx.db);
  }
}
