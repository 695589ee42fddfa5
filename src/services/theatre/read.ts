import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { markets, theatres } from '../../../db/schema';
import type { ListQuery } from '../shared/paging';
import { containsPattern } from '../shared/like-pattern';
import { directionsUrl } from '../shared/geo';
import { fieldTable } from '../shared/field-table';
import type { TheatreFilters, TheatreRow } from './model';

/** Theatres: the filtered list both paths read, and the field table both surfaces print. The statements are store.ts's. */

/** The SQL condition of a state given as a two-letter code or a name (dashes read as spaces). */
function stateCondition(state: string): SQL {
  const trimmed = state.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return eq(theatres.state, trimmed.toUpperCase());
  const name = trimmed.replace(/-/g, ' ');
  return sql`lower(${theatres.stateName}) = lower(${name})`;
}

function theatreConditions(filters: TheatreFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.marketSlug) {
    // A sub-select keeps the market filter inside the one statement.
    conditions.push(
      sql`${theatres.marketId} = (select ${markets.id} from ${markets} where ${markets.slug} = ${filters.marketSlug})`,
    );
  }
  if (filters.state) conditions.push(stateCondition(filters.state));
  if (filters.name) {
    const pattern = containsPattern(filters.name);
    conditions.push(or(ilike(theatres.name, pattern), ilike(theatres.longName, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}


/** The theatres the filters keep, by name (read by the planner: GraphQL's `theatres`, REST's `GET /v2/theatres`). */
export const theatreList = (filters: TheatreFilters): ListQuery => ({ table: theatres, where: theatreConditions(filters), order: [theatres.name, theatres.id] });

/**
 * The spec's own fields of a theatre, shared by GraphQL and REST: the address columns become
 * `location`, with a directions link. Relations (attributes, media, market) come through loaders.
 */
export const THEATRE_FIELDS = fieldTable<TheatreRow>()({
  id: 'id',
  name: 'name',
  longName: 'longName',
  slug: 'slug',
  timezone: 'timezone',
  showtimesPhoneNumber: 'showtimesPhoneNumber',
  guestServicesPhoneNumber: 'guestServicesPhoneNumber',
  facebookUrl: 'facebookUrl',
  websiteUrl: 'websiteUrl',
  ticketable: 'ticketable',
  marketId: 'marketId',
  location: {
    needs: ['addressLine1', 'city', 'postalCode', 'state', 'stateName', 'country', 'latitude', 'longitude'],
    value: (row) => ({
      addressLine1: row.addressLine1,
      city: row.city,
      postalCode: row.postalCode,
      state: row.state,
      stateName: row.stateName,
      country: row.country,
      latitude: row.latitude,
      longitude: row.longitude,
      directionsUrl: directionsUrl(row),
    }),
  },
});

export const theatreFields = (row: TheatreRow) => THEATRE_FIELDS.all(row);
