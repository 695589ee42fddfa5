import { and, sql, type SQL } from 'drizzle-orm';
import * as schema from '../../db/schema';
import {
  COMBO_COMPONENT_FIELDS,
  ComboComponent,
  CONCESSION_CATEGORY_FIELDS,
  CONCESSION_DISCOUNT_FIELDS,
  CONCESSION_FIELDS,
  CONCESSION_GROUP_FIELDS,
  Concession,
  ConcessionCategory,
  ConcessionDiscount,
  ConcessionGroup,
  GROUP_COMBO_COMPONENT_FIELDS,
  GroupComboComponent,
  MODIFIER_FIELDS,
  MODIFIER_GROUP_FIELDS,
  Modifier,
  ModifierGroup,
  toComboComponent,
  toConcession,
  toConcessionCategory,
  toConcessionDiscount,
  toConcessionGroup,
  toGroupComboComponent,
  toModifier,
  toModifierGroup,
  UPSELL_CONCESSION_FIELDS,
  UPSELL_GROUP_FIELDS,
  UpsellConcession,
  UpsellGroup,
  type UpsellConcessionRow,
  type UpsellGroupOfRow,
} from '../../schema/concession.type';
import {
  concessionListConditions,
  type ComboComponentRow,
  type ComboGroupItemRow,
  type ConcessionCategoryRow,
  type ConcessionDiscountRow,
  type ConcessionGroupRow,
  type ConcessionRecord,
  type ModifierGroupRow,
  type ModifierRow,
} from '../services/concession';
import { columnRefs, refsOf } from '../services/shared/row-json';
import { composite, pageArgs, plain, type Args, type Edge, type PlannedType } from './planned-type';

/**
 * The concession graph's catalog entries (src/read-planner/catalog.ts has the others): an offer with
 * its product, its categories, groups, discounts, modifier groups and modifiers, combo components and
 * their choices.
 */

/** Theatre.concessions: the service's listed products (available, not modifier-only) and its filters. */
const theatreConcessions = (args: Args): SQL[] =>
  concessionListConditions({ category: (args.category as string | null | undefined) ?? null, group: (args.group as string | null | undefined) ?? null });

/** Theatre's relations to its concessions. */
export const THEATRE_CONCESSION_EDGES: Readonly<Record<string, Edge>> = {
  // A theatre's menu order: display name, offer id.
  concessions: { kind: 'page', to: 'Concession', relation: 'concessionOffers', order: [() => '"concessions"."display_name"', 'id'], where: theatreConcessions, page: pageArgs },
  // The theatre's offer of the product, available or not.
  concession: { kind: 'one', to: 'Concession', relation: 'concessionOffers', where: (args) => [sql`"theatre_concessions"."concession_id" = ${args.concessionId as number}`] },
  // The categories of its listed products and their ancestors, by level, sort order and id.
  concessionCategories: {
    kind: 'page',
    to: 'ConcessionCategory',
    entry: 'ConcessionCategory of a theatre',
    order: ['level', 'sort_order', 'id'],
    where: (_, a, [theatre]) => [theatreCategories(a, theatre)],
    page: pageArgs,
  },
};

/**
 * The categories of a theatre's listed products (the list's conditions) and all their ancestors: a
 * recursive walk up `parent_id` (test/integration/relation-below.test.ts checks it against a walk in JS).
 */
const theatreCategories = (alias: string, theatre: string): SQL =>
  sql`${sql.raw(alias)}."id" in (with recursive up(id, parent_id) as (
    select c.id, c.parent_id from theatre_concessions
      join concessions on concessions.id = theatre_concessions.concession_id
      join concession_category_assignments ca on ca.concession_id = concessions.id
      join concession_categories c on c.id = ca.category_id
    where ${sql.raw(`theatre_concessions."theatre_id" = ${theatre}."id"`)} and ${and(...concessionListConditions({}))}
    union select p.id, p.parent_id from concession_categories p join up on p.id = up.parent_id)
  select id from up)`;

export const CONCESSION_TYPES: Readonly<Record<string, PlannedType>> = {
  // An offer with its product (the service's ConcessionRecord). The list's conditions name both
  // tables: they keep their names, and `alias` is a lateral view of the offer.
  Concession: composite<ConcessionRecord>({
    table: schema.theatreConcessions,
    from: (alias) => `theatre_concessions join concessions on concessions.id = theatre_concessions.concession_id, lateral (select theatre_concessions.*) ${alias}`,
    columns: { ...columnRefs(schema.theatreConcessions, () => '"theatre_concessions"'), ...columnRefs(schema.concessions, () => '"concessions"', 'product.') },
    map: toConcession,
    fields: CONCESSION_FIELDS,
    always: ['id'],
    make: (values, row) => Object.assign(new Concession(), values, { upsellGroupId: row.product?.upsellGroupId, theatreId: row.theatreId }),
  }, {
    // The services' orders (concession/store.ts).
    categories: { kind: 'many', to: 'ConcessionCategory', relation: 'concession.categoryLinks', order: [(a) => `${a}_c."level"`, (a) => `${a}_c."sort_order"`, (a) => `${a}_c."id"`] },
    groups: { kind: 'many', to: 'ConcessionGroup', relation: 'concession.groups', order: ['name'] },
    discounts: { kind: 'many', to: 'ConcessionDiscount', relation: 'concession.discounts', order: ['id'] },
    modifierGroups: { kind: 'many', to: 'ModifierGroup', relation: 'concession.modifierGroups', order: ['sort_order', 'id'] },
    comboComponents: { kind: 'many', to: 'ComboComponent', relation: 'concession.comboComponents', order: ['sort_order', 'id'] },
    // The product's upsell group as this offer shows it (the group's FROM joins the offer: below).
    upsellGroup: { kind: 'one', to: 'UpsellGroup', where: (_, a, [offer]) => [sql.raw(`${a}_o."id" = ${offer}."id"`)] },
  }),
  // A product's upsell group as one offer of it shows it: the offer (`_o`) keys the group below its
  // parents (`offerId`), and its theatre's prices apply to the group's products.
  UpsellGroup: composite<UpsellGroupOfRow>({
    table: schema.upsellGroups,
    from: (alias) =>
      `theatre_concessions ${alias}_o join concessions ${alias}_c on ${alias}_c.id = ${alias}_o.concession_id join upsell_groups ${alias} on ${alias}.id = ${alias}_c.upsell_group_id`,
    columns: { ...refsOf(schema.upsellGroups, (alias) => alias, ['id', 'name']), offerId: { sql: (alias) => `${alias}_o."id"`, decode: null } },
    map: (row) => Object.assign(new UpsellGroup(), UPSELL_GROUP_FIELDS.all(row)),
    fields: UPSELL_GROUP_FIELDS,
    always: ['offerId', 'id'],
    make: (values) => Object.assign(new UpsellGroup(), values),
  }, {
    // The group's products the offer's theatre sells, at its prices, by the item's sort order and the product id.
    upsellConcessions: {
      kind: 'many',
      to: 'UpsellConcession',
      relation: 'items',
      order: ['sort_order', (a) => `${a}_p."id"`],
      where: (_, a, [group]) => [sql.raw(`${a}_o."theatre_id" = ${group}_o."theatre_id" and ${a}_o."is_available"`)],
    },
  }),
  // An upsell item with its product and the theatre's offer of it (the offer's join: `where` above).
  UpsellConcession: composite<UpsellConcessionRow>({
    table: schema.upsellItems,
    from: (alias) => `upsell_items ${alias} join concessions ${alias}_p on ${alias}_p.id = ${alias}.concession_id join theatre_concessions ${alias}_o on ${alias}_o.concession_id = ${alias}_p.id`,
    columns: {
      concessionId: { sql: (alias) => `${alias}_p."id"`, decode: null },
      ...refsOf(schema.concessions, (alias) => `${alias}_p`, ['name', 'sku']),
      ...refsOf(schema.theatreConcessions, (alias) => `${alias}_o`, ['price', 'tax']),
    },
    map: (row) => Object.assign(new UpsellConcession(), UPSELL_CONCESSION_FIELDS.all(row)),
    fields: UPSELL_CONCESSION_FIELDS,
    always: [],
    make: (values) => Object.assign(new UpsellConcession(), values),
  }, {}),
  // A product's category through its assignment (the link is the row's table, the category joined).
  ConcessionCategory: composite<ConcessionCategoryRow>({
    table: schema.concessionCategoryAssignments,
    from: (alias) => `concession_category_assignments ${alias} join concession_categories ${alias}_c on ${alias}_c.id = ${alias}.category_id`,
    columns: columnRefs(schema.concessionCategories, (alias) => `${alias}_c`),
    map: toConcessionCategory,
    fields: CONCESSION_CATEGORY_FIELDS,
    always: [],
    make: (values) => Object.assign(new ConcessionCategory(), values),
  }, {}),
  // A theatre's category (Theatre.concessionCategories): the category row itself.
  'ConcessionCategory of a theatre': plain<ConcessionCategoryRow>(schema.concessionCategories, 'concession_categories', toConcessionCategory, {
    fields: CONCESSION_CATEGORY_FIELDS,
    always: [],
    make: (values) => Object.assign(new ConcessionCategory(), values),
  }, {}),
  ConcessionGroup: plain<ConcessionGroupRow>(schema.concessionGroups, 'concession_groups', toConcessionGroup, {
    fields: CONCESSION_GROUP_FIELDS,
    always: [],
    make: (values) => Object.assign(new ConcessionGroup(), values),
  }, {}),
  ConcessionDiscount: plain<ConcessionDiscountRow>(schema.concessionDiscounts, 'concession_discounts', toConcessionDiscount, {
    fields: CONCESSION_DISCOUNT_FIELDS,
    make: (values) => Object.assign(new ConcessionDiscount(), values),
  }, {}),
  ModifierGroup: plain<ModifierGroupRow>(schema.modifierGroups, 'modifier_groups', toModifierGroup, {
    fields: MODIFIER_GROUP_FIELDS,
    make: (values) => Object.assign(new ModifierGroup(), values),
  }, {
    modifiers: { kind: 'many', to: 'Modifier', relation: 'modifiers', order: ['sort_order', 'id'] },
  }),
  // A modifier with its product's names and sku.
  Modifier: composite<ModifierRow>({
    table: schema.modifiers,
    from: (alias) => `modifiers ${alias} join concessions ${alias}_p on ${alias}_p.id = ${alias}.concession_id`,
    columns: {
      ...refsOf(schema.modifiers, (alias) => alias, ['id', 'modifierGroupId', 'concessionId', 'price', 'tax']),
      ...refsOf(schema.concessions, (alias) => `${alias}_p`, ['name', 'displayName', 'sku']),
    },
    map: toModifier,
    fields: MODIFIER_FIELDS,
    always: ['id'],
    make: (values) => Object.assign(new Modifier(), values),
  }, {}),
  ComboComponent: plain<ComboComponentRow>(schema.comboComponents, 'combo_components', toComboComponent, {
    fields: COMBO_COMPONENT_FIELDS,
    always: ['componentId'],
    make: (values) => Object.assign(new ComboComponent(), values),
  }, {
    // By the product's name; the product id after it (unique per component).
    groupComboComponents: { kind: 'many', to: 'GroupComboComponent', relation: 'groupItems', order: [(a) => `${a}_p."name"`, 'concession_id'] },
  }),
  // A Group component's choice with its product's name and sku.
  GroupComboComponent: composite<ComboGroupItemRow>({
    table: schema.comboGroupItems,
    from: (alias) => `combo_group_items ${alias} join concessions ${alias}_p on ${alias}_p.id = ${alias}.concession_id`,
    columns: { ...refsOf(schema.comboGroupItems, (alias) => alias, ['componentId', 'concessionId']), ...refsOf(schema.concessions, (alias) => `${alias}_p`, ['name', 'sku']) },
    map: toGroupComboComponent,
    fields: GROUP_COMBO_COMPONENT_FIELDS,
    always: [],
    make: (values) => Object.assign(new GroupComboComponent(), values),
  }, {}),
};
