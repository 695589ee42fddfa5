import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { MAX_BLOCK_SEATS } from '../src/services/seating';
import { SeatInput } from './order.input';

export enum SeatBlockKind {
  BLOCKED = 'Blocked',
  UNBLOCKED = 'Unblocked',
  GA_OVERRIDE = 'GAOverride',
}
registerEnumType(SeatBlockKind, {
  name: 'SeatBlockKind',
  description: 'A manual per-showtime exception: BLOCKED (not for sale), UNBLOCKED (a blocked seat type made sellable), GA_OVERRIDE.',
  valuesConfig: {
    BLOCKED: { description: 'Not for sale.' },
    UNBLOCKED: { description: 'A seat of a blocked type made sellable for this showtime.' },
    GA_OVERRIDE: { description: 'Sold as general admission.' },
  },
});

@InputType({ description: 'Seats of one showtime to block, unblock or open for general admission.' })
export class SeatBlockInput {
  @Field(() => Int, { description: 'The showtime.' })
  showtimeId!: number;

  @Field(() => [SeatInput], { description: `The seats (1 to ${MAX_BLOCK_SEATS}, each once).` })
  seats!: SeatInput[];

  @Field(() => SeatBlockKind, { nullable: true, description: 'Required by setSeatBlocks; ignored by clearSeatBlocks.' })
  kind?: SeatBlockKind | null;
}
