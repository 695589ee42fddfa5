import { Field, Int, ObjectType } from 'type-graphql';
import { fieldTable } from '../src/services/shared/field-table';
import type { MarketRow } from '../src/services/theatre';
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

/** A market's fields from its row (src/services/shared/field-table.ts). */
export const MARKET_FIELDS = fieldTable<MarketRow>()({ id: 'id', name: 'name', slug: 'slug' });

/** Maps a market row to its GraphQL type. */
export function toMarket(row: MarketRow): Market {
  return Object.assign(new Market(), MARKET_FIELDS.all(row));
}
