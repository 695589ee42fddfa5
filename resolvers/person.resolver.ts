import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Movie } from '../schema/movie.type';
import { Credit, Person, toPerson } from '../schema/person.type';
import type { Context } from '../src/context';
import { NOT_PLANNED, plannedOf, readOne, relation } from '../src/read-planner';
import type { Parent } from '../schema/parent';

@Resolver(() => Person)
export class PersonResolver {
  @Query(() => Person, { nullable: true, description: 'One person; null when the id is unknown.' })
  async person(
    @Arg('id', () => Int, { description: 'The person id.' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Person | null> {
    return (await readOne(ctx, info, id)) as Person | null;
  }

  @FieldResolver(() => [Credit], { description: "The person's credits." })
  async credits(@Root() person: Parent<Person>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Credit[]> {
    return (await relation(person, info, ctx)) as Credit[];
  }
}

@Resolver(() => Credit)
export class CreditResolver {
  @FieldResolver(() => Person, { description: 'The person credited.' })
  person(@Root() credit: Parent<Credit>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Person | Promise<Person> {
    const planned = plannedOf(credit, info);
    if (planned !== NOT_PLANNED) return planned as Person;
    // A movie's credits come with their people: no loader round, no promise.
    if (credit.personRow) return toPerson(credit.personRow);
    return this.loadPerson(credit, ctx);
  }

  private async loadPerson(credit: Credit, ctx: Context): Promise<Person> {
    const row = await ctx.loaders.personById.load(credit.personId);
    if (!row) throw new Error(`person ${credit.personId} of credit ${credit.id} is missing`);
    return toPerson(row);
  }

  @FieldResolver(() => Movie, { description: 'The movie.' })
  async movie(@Root() credit: Parent<Credit>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Movie> {
    return (await relation(credit, info, ctx)) as Movie;
  }

  @FieldResolver(() => String, { description: "The person's name (as the spec's cast-crew item has it)." })
  name(@Root() credit: Parent<Credit>, @Ctx() ctx: Context): string | Promise<string> {
    if (credit.personRow) return credit.personRow.name;
    return ctx.loaders.personById.load(credit.personId).then((row) => row?.name ?? '');
  }
}
