import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { markets, theatres } from '../../../db/schema';
import { listOrderBy, type ListQuery, type Page, pageWindow, toPage } from '../shared/paging';
import { containsPattern } from '../shared/like-pattern';
import { directionsUrl } from '../shared/geo';
import { fieldTable } from '../shared/field-table';
import { anyOf, prepared } from '../shared/prepared-reads';

export type TheatreRow = typeof theatres.$inferSelect;

export interface TheatreFilters {
  /** Slug of the theatre's market. */
  marketSlug?: string | null;
  /** A state's two-letter code (`TX`) or its name (`Texas`, `new-york`), case-insensitive. */
  state?: string | null;
  /** Case-insensitive substring of the theatre's name or long name. */
  name?: string | null;
}

/** The SQL condition of a state given as a two-letter code or a name (dashes read as spaces). */
export function stateCondition(state: string): SQL {
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

/** One theatre, or null when the id is unknown. */
export async function getTheatre(db: Db, id: number): Promise<TheatreRow | null> {
  const [row] = await prepared(db, 'theatreById', (d) =>
    d.select().from(theatres).where(eq(theatres.id, sql.placeholder('id'))).prepare('theatreById'),
  ).execute({ id });
  return row ?? null;
}

/** Theatres of the given ids, in no particular order (loaders reorder). */
export async function getTheatresByIds(db: Db, ids: readonly number[]): Promise<TheatreRow[]> {
  if (!ids.length) return [];
  return prepared(db, 'theatresByIds', (d) => d.select().from(theatres).where(anyOf(theatres.id, 'ids')).prepare('theatresByIds')).execute({
    ids: [...ids],
  });
}

/** Theatres of the given markets, by name. */
export async function getTheatresByMarketIds(db: Db, marketIds: readonly number[]): Promise<TheatreRow[]> {
  if (!marketIds.length) return [];
  return db
    .select()
    .from(theatres)
    .where(inArray(theatres.marketId, [...marketIds]))
    .orderBy(asc(theatres.name), asc(theatres.id));
}

/**
 * A page of theatres filtered by market slug, state (code or name) and name substring, ordered by name.
 * An unknown market or state gives an empty page.
 */
export async function listTheatres(
  db: Db,
  filters: TheatreFilters,
  page: { pageNumber: number; pageSize: number },
): Promise<Page<TheatreRow>> {
  const list = theatreList(filters);
  const { where } = list;
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(theatres).where(where).orderBy(...listOrderBy(list)).limit(limit).offset(offset),
    db.select({ total: count() }).from(theatres).where(where),
  ]);
  return toPage(rows, total, page);
}

/** The theatres the filters keep, by name: `listTheatres`' list, also read by the planner. */
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
