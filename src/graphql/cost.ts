import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  type GraphQLField,
  type GraphQLCompositeType,
} from 'graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';

type Args = Record<string, unknown>;

/** Items assumed for a list field the client cannot size, unless LIST_SIZES names it. */
export const DEFAULT_LIST_SIZE = 20;

/** List sizes read from the database (src/graphql/list-stats.ts): children per parent, by relation. */
export interface ObservedListSizes {
  marketTheatres?: number;
  theatreDay?: number;
  theatreAll?: number;
  theatreDayMovie?: number;
  theatreMovie?: number;
  movieDay?: number;
  movieAll?: number;
}

let observed: ObservedListSizes = {};
let observedGeneration = 0;

/** Replaces the observed figures; estimates remembered under the previous ones are not used again. */
export function setObservedListSizes(figures: ObservedListSizes): void {
  observed = { ...figures };
  observedGeneration += 1;
}

/** Changes whenever the observed figures do (part of the key of remembered estimates, src/graphql/limits.ts). */
export function listSizesGeneration(): number {
  return observedGeneration;
}

/** The observed figure of a relation, else the assumed one. */
const sized = (name: keyof ObservedListSizes, assumed: number) => observed[name] ?? assumed;

/**
 * Sizes of unpaged lists, by `Type.field`: the figures observed in the database where there are some
 * (a theatre's showtimes, a movie's, a market's theatres), else these assumed ones, a little above the largest in the demo chain and
 * scaled to the whole chain (900 theatres) where they grow with it: a theatre shows at most ~45
 * showtimes a day and ~500 over its 14 scheduled days; a movie plays at every theatre; an auditorium
 * has up to ~480 seats; a theatre up to 16 auditoriums.
 */
export const LIST_SIZES: Record<string, (args: Args) => number> = {
  'Theatre.showtimes': (a) =>
    a.date
      ? a.movieId ? sized('theatreDayMovie', 10) : sized('theatreDay', 60)
      : a.movieId ? sized('theatreMovie', 100) : sized('theatreAll', 600),
  'Movie.showtimes': (a) =>
    a.theatreId
      ? a.date ? sized('theatreDayMovie', 10) : sized('theatreMovie', 100)
      : a.date ? sized('movieDay', 3000) : sized('movieAll', 30_000),
  'SeatingLayout.seats': () => 500,
  'SeatStatusChange.seats': () => 500,
  'Layout.seats': () => 500,
  'Layout.zones': () => 5,
  'TheatreSeatingLayouts.auditoriums': () => 24,
  'AuditoriumLayouts.layouts': () => 3,
  'Market.theatres': () => sized('marketTheatres', 100),
  // Paged collections that are small in all: the page size asked for is capped by these.
  'Query.markets': () => 20,
  'Person.credits': () => 60,
  'Movie.castAndCrew': () => 60,
  'Query.attributes': () => 60,
  'Concession.categories': () => 5,
  'Concession.groups': () => 5,
  'Concession.discounts': () => 5,
  'Concession.modifierGroups': () => 5,
  'ModifierGroup.modifiers': () => 12,
  'Concession.comboComponents': () => 10,
  // The account side: wallet capacities (src/services/wallet/model.ts) and devices.
  'Wallet.creditCards': () => 5,
  'Wallet.giftCards': () => 10,
  'Wallet.partnerCards': () => 5,
  'Wallet.externalCards': () => 10,
  'Account.onDemandCards': () => 10,
  'Account.devices': () => 10,
  'Device.registrations': () => 10,
};

/**
 * Every field argument the estimate reads: the page sizes below and the arguments LIST_SIZES sizes by.
 * Variables used anywhere else (an order id, a mutation's input) cannot change the estimate, which is
 * what lets src/graphql/limits.ts reuse it across requests that differ only there. Add a name here
 * when a LIST_SIZES entry starts reading it (test/unit/cost.test.ts checks the ones in use).
 */
export const COST_ARGUMENTS: ReadonlySet<string> = new Set(['pageSize', 'first', 'limit', 'date', 'movieId', 'theatreId']);

/**
 * How many items a list field returns at most, for the cost estimate: its page size when the client
 * gives one (capped by the collection's assumed size, when it has one); 1 for the `items` of a page
 * type (the page field already multiplied by its size); else the assumed size.
 */
export function listSize(parent: GraphQLCompositeType, field: GraphQLField<unknown, unknown>, args: Args): number {
  const assumed = LIST_SIZES[`${parent.name}.${field.name}`]?.(args);
  for (const sizeArg of ['pageSize', 'first', 'limit']) {
    const asked = args[sizeArg];
    if (typeof asked === 'number') return Math.max(0, Math.min(asked, assumed ?? asked));
  }
  if (field.name === 'items' && parent.name.endsWith('Page')) return 1;
  return assumed ?? DEFAULT_LIST_SIZE;
}

/**
 * The cost of a field: an object (or list of objects) costs 1 per item plus what is selected under
 * it; a scalar costs nothing, a list of scalars 1. A list, or a field that takes a page size (a page
 * type), multiplies by its size. Introspection fields cost nothing: their size is the schema's.
 */
export const listAwareEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (field.name.startsWith('__') || type.name.startsWith('__')) return 0;
  const returns = getNullableType(field.type);
  const composite = isCompositeType(getNamedType(field.type));
  const sized = isListType(returns) || typeof args.pageSize === 'number' || typeof args.first === 'number';
  const each = composite ? 1 + childComplexity : isListType(returns) ? 1 : 0;
  if (!sized) return each;
  if (!composite) return each;
  return listSize(type, field, args) * each;
};
