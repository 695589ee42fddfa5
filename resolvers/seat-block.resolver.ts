import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { SeatBlockInput } from '../schema/seat-block.input';
import { SeatingLayout, toSeatingLayout } from '../schema/seating.type';
import type { Context } from '../src/context';
import { notFound } from '../src/errors';
import { clearSeatBlocks, clearSeatBlocksSchema, seatMapForShowtime, setSeatBlocks, setSeatBlocksSchema } from '../src/services/seating';
import { parseFields } from '../src/services/shared/parse-input';

/** Admin seat blocks: each change is published to live seat-map viewers in its transaction. */
@Resolver()
export class SeatBlockResolver {
  @Mutation(() => SeatingLayout, { description: 'Admin: sets a manual block of seats; answers the seat map after it.' })
  async setSeatBlocks(@Arg('input', () => SeatBlockInput, { description: 'The showtime, the seats and the kind of block.' }) input: SeatBlockInput, @Ctx() ctx: Context): Promise<SeatingLayout> {
    const { showtimeId, seats, kind } = parseFields(setSeatBlocksSchema, { ...input, seats: input.seats.map((s) => ({ ...s })) });
    await setSeatBlocks(ctx.db, ctx.principal, { showtimeId, seats, kind });
    return this.mapAfter(ctx, input.showtimeId);
  }

  @Mutation(() => SeatingLayout, { description: 'Admin: removes manual blocks of seats; answers the seat map after it.' })
  async clearSeatBlocks(@Arg('input', () => SeatBlockInput, { description: 'The showtime and the seats.' }) input: SeatBlockInput, @Ctx() ctx: Context): Promise<SeatingLayout> {
    const { showtimeId, seats } = parseFields(clearSeatBlocksSchema, { ...input, seats: input.seats.map((s) => ({ ...s })) });
    await clearSeatBlocks(ctx.db, ctx.principal, { showtimeId, seats });
    return this.mapAfter(ctx, input.showtimeId);
  }

  private async mapAfter(ctx: Context, showtimeId: number): Promise<SeatingLayout> {
    const map = await seatMapForShowtime(ctx.loaders, showtimeId, { isPremiereMember: false });
    if (!map) throw notFound('Showtime', showtimeId);
    return toSeatingLayout(map);
  }
}
