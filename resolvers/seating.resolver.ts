import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { LayoutSeat } from '../schema/seat.type';
import {
  AuditoriumLayouts,
  Layout,
  LayoutZone,
  SeatingLayout,
  TheatreSeatingLayouts,
  toLayout,
  toLayoutSeat,
  toLayoutZone,
  toSeatingLayout,
} from '../schema/seating.type';
import { SeatingLayoutArgs } from '../schema/showtime.input';
import { Showtime } from '../schema/showtime.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { groupByAuditorium, seatMapForShowtime, seatMapViewer } from '../src/services/seating';
import type { Parent } from '../schema/parent';

@Resolver(() => Showtime)
export class ShowtimeSeatingResolver {
  @FieldResolver(() => SeatingLayout, {
    description:
      "The seat map with each seat's status for the viewer: the Premiere membership of accountId or " +
      "loyaltyCardNumber when given and the caller's own (or the caller an admin), else of the caller's " +
      'account; without either, or for anyone else\'s, a non-member.',
  })
  async seatingLayout(
    @Root() showtime: Parent<Showtime>,
    @Args(() => SeatingLayoutArgs) args: SeatingLayoutArgs,
    @Ctx() ctx: Context,
  ): Promise<SeatingLayout> {
    // The showtime is already loaded: prime it so the seat map does not read it again.
    ctx.loaders.showtimeById.prime(showtime.id, showtime.record);
    const viewer = await seatMapViewer(ctx.loaders, ctx.principal, args);
    const map = await seatMapForShowtime(ctx.loaders, showtime.id, viewer);
    if (!map) throw new Error(`showtime ${showtime.id} vanished while mapping its seats`);
    return toSeatingLayout(map);
  }
}

@Resolver(() => SeatingLayout)
export class SeatingLayoutResolver {
  @FieldResolver(() => Layout, {
    description: 'The layout version the map is drawn on: its cells (`seats`) never change, so clients cache them by `id` and `versionNumber`.',
  })
  async layout(@Root() seatingLayout: SeatingLayout, @Ctx() ctx: Context): Promise<Layout> {
    const version = await ctx.loaders.layoutVersionById.load(seatingLayout.map.layoutVersionId);
    if (!version) throw new Error(`layout version ${seatingLayout.map.layoutVersionId} of a seat map is missing`);
    return toLayout(version);
  }
}

@Resolver(() => Theatre)
export class TheatreSeatingResolver {
  @FieldResolver(() => TheatreSeatingLayouts, {
    description: "The theatre's auditoriums with the current version of each of their layouts.",
  })
  async seatingLayouts(@Root() theatre: Parent<Theatre>, @Ctx() ctx: Context): Promise<TheatreSeatingLayouts> {
    const versions = await ctx.loaders.currentLayoutsByTheatreId.load(theatre.id);
    return Object.assign(new TheatreSeatingLayouts(), {
      theatreNumber: theatre.id,
      auditoriums: groupByAuditorium(versions).map((a) =>
        Object.assign(new AuditoriumLayouts(), { auditorium: a.auditorium, layouts: a.layouts.map(toLayout) }),
      ),
    });
  }
}

@Resolver(() => Layout)
export class LayoutResolver {
  @FieldResolver(() => [LayoutSeat], { description: 'Every cell of the layout, row by row.' })
  async seats(@Root() layout: Parent<Layout>, @Ctx() ctx: Context): Promise<LayoutSeat[]> {
    return (await ctx.loaders.layoutSeatsByVersionId.load(layout.versionId)).map((s) => toLayoutSeat(layout, s));
  }

  @FieldResolver(() => [LayoutZone], { description: 'Price zones of the layout.' })
  async zones(@Root() layout: Parent<Layout>, @Ctx() ctx: Context): Promise<LayoutZone[]> {
    return (await ctx.loaders.layoutZonesByVersionId.load(layout.versionId)).map(toLayoutZone);
  }
}
