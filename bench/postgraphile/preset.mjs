// The PostGraphile v5 preset of the bench's peer (bench/peers.ts). Why each option is set:
// bench/README.md, "Peers: PostGraphile v5".
import { makePgService } from 'postgraphile/adaptors/pg';
import { TYPES } from 'postgraphile/@dataplan/pg';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { addPgTableCondition, addPgTableOrderBy, jsonPgSmartTags, orderByAscDesc } from 'postgraphile/utils';

/**
 * `condition: { localDate: "YYYY-MM-DD" }` on showtimes: the theatre-local calendar day, as Marquee's
 * `showtimes(date:)` and the json_agg floor compute it (a ±1 day window on the indexed start time, then
 * the day in the theatre's zone). Condition args only compare columns for equality; this is how a
 * PostGraphile app adds a computed condition without a database function.
 */
const ShowtimeLocalDatePlugin = addPgTableCondition(
  { schemaName: 'public', tableName: 'showtimes' },
  'localDate',
  (build) => ({ type: build.graphql.GraphQLString }),
  (value, { sql, sqlTableAlias, sqlValueWithCodec }) => {
    const day = sqlValueWithCodec(value, TYPES.text);
    return sql`${sqlTableAlias}.show_date_time_utc >= (${day}::date - 1)::timestamptz
      and ${sqlTableAlias}.show_date_time_utc < (${day}::date + 2)::timestamptz
      and to_char(${sqlTableAlias}.show_date_time_utc at time zone
        (select t.timezone from public.theatres t where t.id = ${sqlTableAlias}.theatre_id), 'YYYY-MM-DD') = ${day}`;
  },
);

/**
 * Orders of a table by a column of the row its foreign key points at (orderBy only names the table's
 * own columns): `baseName_ASC` / `_DESC`, a correlated subquery per row, as an app would add them.
 */
const orderByReferenced = (table, orders) =>
  addPgTableOrderBy({ schemaName: 'public', tableName: table }, (build) => {
    const { sql } = build;
    return Object.assign(
      {},
      ...orders.map(({ baseName, fk, target, column, codec }) =>
        orderByAscDesc(baseName, (queryBuilder) => {
          const far = sql.identifier(Symbol(target));
          return {
            fragment: sql`(select ${far}.${sql.identifier(column)} from ${sql.identifier('public', target)} as ${far}
              where ${far}.id = ${queryBuilder.alias}.${sql.identifier(fk)})`,
            codec,
          };
        }),
      ),
    );
  });

/** A theatre's menu by the product's display name (Marquee's order of `Theatre.concessions`). */
const TheatreConcessionOrderPlugin = orderByReferenced('theatre_concessions', [
  { baseName: 'DISPLAY_NAME', fk: 'concession_id', target: 'concessions', column: 'display_name', codec: TYPES.text },
]);

/** A product's categories by level, then sort order (Marquee's order of `Concession.categories`). */
const CategoryAssignmentOrderPlugin = orderByReferenced('concession_category_assignments', [
  { baseName: 'CATEGORY_LEVEL', fk: 'category_id', target: 'concession_categories', column: 'level', codec: TYPES.int },
  { baseName: 'CATEGORY_SORT_ORDER', fk: 'category_id', target: 'concession_categories', column: 'sort_order', codec: TYPES.int },
]);

/**
 * The table `subscriptions` (marketing subscriptions) would be the GraphQL type `Subscription`, which is
 * the root type of subscriptions: PostGraphile stops with a naming conflict. A smart tag renames it.
 */
const RenameSubscriptionsPlugin = jsonPgSmartTags({
  version: 1,
  config: { class: { subscriptions: { tags: { name: 'marketing_subscriptions' } } } },
});

/** @type {GraphileConfig.Preset} */
const preset = {
  extends: [PostGraphileAmberPreset],
  plugins: [RenameSubscriptionsPlugin, ShowtimeLocalDatePlugin, TheatreConcessionOrderPlugin, CategoryAssignmentOrderPlugin],
  // Relations and orders over columns without an index of their own (movie_credits.person_id,
  // modifier_groups.concession_id, modifiers.modifier_group_id, movies.sortable_name, …) are left out of
  // the schema by this plugin; Marquee reads them all, so the peer must expose them too.
  disablePlugins: ['PgIndexBehaviorsPlugin'],
  pgServices: [
    makePgService({
      connectionString: process.env.DATABASE_URL,
      schemas: ['public'],
    }),
  ],
  grafserv: {
    port: Number(process.env.PORT),
    host: '127.0.0.1',
    graphqlPath: '/graphql',
    watch: false,
    graphiql: false,
    websockets: false,
  },
  grafast: {
    explain: false,
  },
};

export default preset;
