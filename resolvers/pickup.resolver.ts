import { Arg, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { PickupTimes, toPickupTimes } from '../schema/pickup.type';
import { Showtime } from '../schema/showtime.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { parseDateArg } from '../src/services/shared/local-time';
import type { Parent } from '../schema/parent';

@Resolver(() => Theatre)
export class TheatrePickupResolver {
  @FieldResolver(() => PickupTimes, { description: 'Concession pickup slots on a theatre-local date (YYYY-MM-DD).' })
  async pickupTimes(
    @Root() theatre: Parent<Theatre>,
    @Arg('date', () => String, { description: 'The theatre-local calendar day, YYYY-MM-DD.' }) date: string,
    @Ctx() ctx: Context,
  ): Promise<PickupTimes> {
    const result = await ctx.loaders.pickupTimesByTheatreDate.load({ theatreId: theatre.id, date: parseDateArg(date) });
    if (!result) throw new Error(`theatre ${theatre.id} vanished while listing pickup times`);
    return toPickupTimes(result);
  }
}

@Resolver(() => Showtime)
export class ShowtimePickupResolver {
  @FieldResolver(() => PickupTimes, {
    description: 'Concession pickup slots from 60 minutes before the start to 30 after; isDefault marks the suggested one.',
  })
  async pickupTimes(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context): Promise<PickupTimes> {
    return toPickupTimes(await ctx.loaders.pickupTimesByShowtime.load(showtime.record));
  }
}
