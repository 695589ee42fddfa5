import type { GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, Info, Query, Resolver } from 'type-graphql';
import { LocationsNearArgs } from '../schema/location.input';
import { LocationPage, locationOf } from '../schema/location.type';
import type { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { readPage, valuesOf } from '../src/read-planner';
import type { Page } from '../src/services/shared/paging';
import { nearList } from '../src/services/theatre';
import { toGraphQLPage } from './page';

@Resolver()
export class LocationResolver {
  @Query(() => LocationPage, { description: 'Theatres within `radius` miles of a point, closest first.' })
  async locationsNear(@Args(() => LocationsNearArgs) args: LocationsNearArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<LocationPage> {
    const list = nearList(args);
    const { latitude, longitude, radius } = list.point;
    // Through the planner: the theatres of the page with what is selected under `theatre`, and each one's distance.
    const page = (await readPage(ctx, info, list, args, 'theatre')) as Page<Theatre>;
    const offset = (args.pageNumber - 1) * args.pageSize;
    const items = page.items.map((theatre, i) => locationOf(offset + i + 1, valuesOf(theatre).distance as number, theatre));
    return toGraphQLPage(LocationPage, { ...page, items }, (item) => item, { latitude, longitude, radius });
  }
}
