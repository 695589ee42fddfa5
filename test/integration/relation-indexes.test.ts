import { createTableRelationsHelpers, extractTablesRelationalConfig, getTableName, Many, normalizeRelation, type Table } from 'drizzle-orm';
import postgres from 'postgres';
import * as schema from '../../db/schema';
import { createTestDatabase } from '../helpers/app';

/**
 * Every `many` relation of db/schema/relations.ts is read by its foreign columns (the read planner's
 * correlated subqueries, the loaders' `where fk in (…)`): the migrated database must hold an index
 * whose leading columns are those columns, or each read scans the whole child table. The relations by
 * resource key (`RESOURCE_MEDIA`: media items by type and key) likewise. The cases are the relations
 * themselves, so a relation declared later is checked without a new line here.
 */
const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);

const manyRelations = Object.values(relational.tables).flatMap((table) =>
  Object.entries(table.relations)
    .filter(([, relation]) => relation instanceof Many)
    .map(([name, relation]) => {
      // For a many relation drizzle gives the parent's columns as `fields` and the child's as `references`.
      const { references } = normalizeRelation(relational.tables, relational.tableNamesMap, relation);
      const target = getTableName(relation.referencedTable);
      const columns = references.map((column) => column.name);
      return { label: `${getTableName(relation.sourceTable as Table)}.${name} → ${target}(${columns.join(', ')})`, target, columns };
    }),
).concat(
  Object.entries(schema.RESOURCE_MEDIA).flatMap(([table, byName]) =>
    Object.keys(byName).map((name) => ({
      label: `${table}.${name} → media_items(resource_type, resource_key)`,
      target: getTableName(schema.mediaItems),
      columns: ['resource_type', 'resource_key'],
    })),
  ),
);

let sql: postgres.Sql;

beforeAll(async () => {
  sql = postgres(await createTestDatabase(), { max: 1, onnotice: () => undefined });
});
afterAll(async () => {
  await sql?.end();
});

describe('the relations of the catalog graph', () => {
  it('are declared (the list the cases come from is not empty)', () => {
    expect(manyRelations.length).toBeGreaterThan(10);
  });

  it.each(manyRelations.map((r) => [r.label, r] as const))('%s has an index led by its foreign columns', async (_label, relation) => {
    const indexes = await sql<{ name: string; columns: string[] }[]>`
      select i.relname as name,
             array(select a.attname from unnest(x.indkey) with ordinality k(attnum, n)
                   join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relname = ${relation.target} and x.indpred is null`;
    const leading = (index: { columns: string[] }) => index.columns.slice(0, relation.columns.length);
    const led = indexes.filter((index) => relation.columns.every((column) => leading(index).includes(column)));
    expect({ relation: relation.label, indexes: led.map((index) => index.name) }).toEqual({ relation: relation.label, indexes: expect.arrayContaining([expect.any(String)]) });
  });
});
