import { asc, eq, isNotNull } from 'drizzle-orm';
import { attributeGroups, attributes } from '../../db/schema';
import { useTestApp } from '../helpers/app';

interface AttributeItem {
  id: number;
  code: string;
  name: string;
  sort: number;
  group: { id: number; name: string } | null;
  media: Record<string, string | null>;
}

const { app } = useTestApp();

const FIELDS = `id code name abbreviation shortDescription longDescription appliesToTheatre appliesToShowtime
  appliesToMovie url sort isPremiumFormat group { id name description sort }
  media { LogoDynamic HeroDesktopDynamic HeroMobileDynamic BackgroundMobileDynamicUrl BackgroundDesktopDynamicUrl IconDynamic }`;

describe('attributes', () => {
  it('lists every active attribute in display order, with its group', async () => {
    const active = await app.database.db.select().from(attributes).where(eq(attributes.isActive, true));
    const groups = await app.database.db.select().from(attributeGroups);
    const res = await app.gql<{ attributes: AttributeItem[] }>(`{ attributes { ${FIELDS} } }`);
    expect(res.errors).toBeUndefined();
    const items = res.data!.attributes;
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((a) => a.id).sort((a, b) => a - b)).toEqual(active.map((a) => a.id).sort((a, b) => a - b));
    for (let i = 1; i < items.length; i++) expect(items[i].sort).toBeGreaterThanOrEqual(items[i - 1].sort);
    for (const item of items) {
      const row = active.find((a) => a.id === item.id)!;
      expect(item.group?.id ?? null).toBe(row.groupId);
      if (item.group) expect(item.group.name).toBe(groups.find((g) => g.id === row.groupId)!.name);
      expect(item.media.LogoDynamic).toBe(row.media.LogoDynamic ?? null);
    }
  });

  it('costs the same statements whatever the number of groups', async () => {
    const res = await app.gql('{ attributes { code group { name } } }');
    expect(res.errors).toBeUndefined();
    // Attributes and groups are reference data, cached in process: only the reference version is read.
    expect(res.statements).toBe(1);
  });

  it('answers attribute(code) and null for an unknown code', async () => {
    const [row] = await app.database.db.select().from(attributes).where(isNotNull(attributes.groupId)).orderBy(asc(attributes.id)).limit(1);
    const res = await app.gql<{ attribute: AttributeItem; missing: unknown }>(
      `query ($code: String!) { attribute(code: $code) { ${FIELDS} } missing: attribute(code: "NO-SUCH-CODE") { id } }`,
      { code: row.code },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.attribute).toMatchObject({ id: row.id, code: row.code, name: row.name, group: { id: row.groupId } });
    expect(res.data!.missing).toBeNull();
  });
});
