import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { LocationsNearArgs } from '../schema/location.input';
import { LocationPage, toLocation } from '../schema/location.type';
import type { Context } from '../src/context';
import { findLocations } from '../src/services/theatre';
import { toGraphQLPage } from './page';

@Resolver()
export class LocationResolver {
  @Query(() => LocationPage, { description: 'Theatres within `radius` miles of a point, closest first.' })
  async locationsNear(@Args(() => LocationsNearArgs) args: LocationsNearArgs, @Ctx() ctx: Context): Promise<LocationPage> {
    const page = await findLocations(ctx.catalogDb, args, args);
    return toGraphQLPage(LocationPage, page, toLocation, { latitude: page.latitude, longitude: page.longitude, radius: page.radius });
  }
}
