import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Movie } from '../schema/movie.type';
import { Credit, Person } from '../schema/person.type';
import type { Context } from '../src/context';
import { readOne, relation } from '../src/read-planner';
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
  credits(@Root() person: Parent<Person>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Credit[] | Promise<Credit[]> {
    return relation(person, info, ctx) as Credit[] | Promise<Credit[]>;
  }
}

@Resolver(() => Credit)
export class CreditResolver {
  @FieldResolver(() => Person, { description: 'The person credited.' })
  person(@Root() credit: Parent<Credit>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Person | Promise<Person> {
    return relation(credit, info, ctx) as Person | Promise<Person>;
  }

  @FieldResolver(() => Movie, { description: 'The movie.' })
  movie(@Root() credit: Parent<Credit>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Movie | Promise<Movie> {
    return relation(credit, info, ctx) as Movie | Promise<Movie>;
  }

  @FieldResolver(() => String, { description: "The person's name (as the spec's cast-crew item has it)." })
  name(@Root() credit: Parent<Credit>): string {
    // Every credit is read with its person's row, or the part of it its fields need (read-planner/catalog.ts).
    if (!credit.personRow) throw new Error(`credit ${credit.id} was read without its person`);
    return credit.personRow.name;
  }
}
