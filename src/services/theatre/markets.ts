import { markets } from '../../../db/schema';
import type { ListQuery } from '../shared/paging';

/** Every market, by name: REST's `GET /v1/markets` and GraphQL's `markets`, read by the planner. */
export const marketList: ListQuery = { table: markets, where: undefined, order: [markets.name, markets.id] };
