import { Field, Int, ObjectType } from 'type-graphql';
import type { MarketRow } from '../src/services/market.service';
import { PageOf } from './paging.type';

@ObjectType({ description: 'A market: the theatres of one metropolitan area.' })
export class Market {
  @Field(() => Int, { description: 'The market id.' })
  id!: number;

  @Field(() => String, { description: 'Display name, e.g. Dallas-Fort Worth.' })
  name!: string;

  @Field(() => String, { description: 'What `theatres(marketSlug:)` takes.' })
  slug!: string;
}

@ObjectType({ description: 'A page of markets.' })
export class MarketPage extends PageOf(Market) {}

/** Maps a market row to its GraphQL type. */
export function toMarket(row: MarketRow): Market {
  return Object.assign(new Market(), { id: row.id, name: row.name, slug: row.slug });
}
