import { toConcessionCategory, type ConcessionCategory } from '../../../schema/concession.type';
import type { Context } from '../../context';
import type { ConcessionRecord } from '../../services/concession';
import { seg, type Hal } from '../hal';
import { fieldOf, resource } from '../derive';
import { arr, obj } from '../schemas';
import { component } from '../openapi';

export const categorySchema = component('ConcessionCategory', resource('ConcessionCategory', { omit: ['parentCategoryId'], links: true }));

// A modifier is a part of its product: its only link is the product (toConcession).
const modifier = resource('Modifier', { links: true });
const modifierGroup = resource('ModifierGroup', {
  omit: ['modifiers'],
  extra: { _embedded: (g) => obj({ modifiers: arr(modifier(g)) }) },
  links: true,
});
const comboComponent = resource('ComboComponent', {
  omit: ['groupComboComponents'],
  extra: { _embedded: (g) => obj({ groupComboComponents: fieldOf('ComboComponent', 'groupComboComponents')(g) }) },
});
const upsellGroup = resource('UpsellGroup', {
  omit: ['upsellConcessions'],
  extra: { _embedded: (g) => obj({ upsellConcessions: fieldOf('UpsellGroup', 'upsellConcessions')(g) }) },
});

export const concessionSchema = component('Concession', resource('Concession', {
  // `id` is GraphQL's cache key (the theatre's assignment, REST's self link); the relations are embedded.
  omit: ['id', 'categories', 'modifierGroups', 'comboComponents', 'upsellGroup'],
  extra: {
    _embedded: (g) =>
      obj(
        { categories: arr(categorySchema), modifierGroups: arr(modifierGroup(g)), comboComponents: arr(comboComponent(g)), upsellGroup: upsellGroup(g) },
        ['comboComponents', 'upsellGroup'],
      ),
  },
  links: true,
}));

export const concessionPath = (assignmentId: number) => `/v1/concessions/${assignmentId}`;
const theatreConcessionsPath = (theatreId: number) => `/v1/theatres/${theatreId}/concessions`;

/** A category as it appears under a product or in a theatre's category list. */
export function toCategory(hal: Hal, theatreId: number, category: ConcessionCategory) {
  const byCategory = `${theatreConcessionsPath(theatreId)}?category=${seg(category.name)}`;
  return {
    name: category.name,
    level: category.level,
    sortOrder: category.sortOrder,
    productSortOrder: category.productSortOrder,
    categoryId: category.categoryId,
    media: { imageSmall: category.media.imageSmall, imageLarge: category.media.imageLarge },
    _links: {
      ...hal.self(byCategory),
      [hal.rel('v1/concessions')]: hal.link(`/v1/theatres/{theatre-id}/concessions?category=${seg(category.name)}`, true),
      [hal.rel('v2/media')]: hal.link(`/v2/media/product-categories/${category.categoryId}/{media-type}`, true),
    },
  };
}

/** What the categories route reads through the read planner with the theatre (src/read-planner/). */
export const CATEGORIES_SELECTION = '{ concessionCategories(pageNumber: $pageNumber, pageSize: $pageSize) { totalCount items { categoryId } } }';
export const CATEGORY_PAGE = { path: { key: 'concessionCategories', prev: undefined, typename: 'Theatre' } };

/**
 * A theatre's product with its categories, groups, discounts, modifiers, combo parts and upsells, each
 * through a per-request loader (a page of products costs one statement per relation).
 */
export async function toConcession(ctx: Context, hal: Hal, record: ConcessionRecord) {
  const p = record.product;
  const l = ctx.loaders;
  // Each second-level load hangs off exactly one first-level batch, so a page's loads of one kind are
  // dispatched together (one statement per kind) however the other batches happen to interleave.
  const [categories, groups, discounts, [modifierGroups, modifiers], [components, groupItems], [upsellGroup, upsells]] =
    await Promise.all([
      l.categoriesByConcessionId.load(p.id),
      l.groupsByConcessionId.load(p.id),
      l.discountsByConcessionId.load(p.id),
      l.modifierGroupsByConcessionId
        .load(p.id)
        .then(async (gs) => [gs, await Promise.all(gs.map((g) => l.modifiersByGroupId.load(g.id)))] as const),
      p.isCombo
        ? l.comboComponentsByConcessionId
            .load(p.id)
            .then(async (cs) => [cs, await Promise.all(cs.map((c) => l.comboGroupItemsByComponentId.load(c.id)))] as const)
        : ([null, []] as const),
      p.upsellGroupId !== null
        ? l.upsellGroupById.load(p.upsellGroupId).then(
            async (g) =>
              [g, g ? await l.upsellConcessionsByGroupTheatre.load({ upsellGroupId: g.id, theatreId: record.theatreId }) : []] as const,
          )
        : ([null, []] as const),
    ]);
  const self = concessionPath(record.id);
  const listPath = theatreConcessionsPath(record.theatreId);
  return {
    name: p.name,
    displayName: p.displayName,
    description: p.description,
    nutritionalInfo: p.nutritionalInfo,
    size: p.size,
    price: record.price,
    tax: record.tax,
    taxGroupId: p.taxGroupId,
    taxAtComboItemLevel: p.taxAtComboItemLevel,
    sku: p.sku,
    prepTime: p.prepTime,
    theatreId: record.theatreId,
    concessionId: p.id,
    media: { imageSmall: p.imageSmall, imageLarge: p.imageLarge },
    discounts: discounts.map((d) => ({ id: d.id, amount: d.amount, type: d.type, referenceProductId: d.referenceProductId })),
    groups: groups.map((g) => ({ name: g.name, media: { imageSmall: g.imageSmall, imageLarge: g.imageLarge } })),
    _embedded: {
      categories: categories.map((c) => toCategory(hal, record.theatreId, toConcessionCategory(c))),
      modifierGroups: modifierGroups.map((g, i) => ({
        id: g.id,
        groupName: g.groupName,
        required: g.required,
        minimumQuantity: g.minimumQuantity,
        maximumQuantity: g.maximumQuantity,
        sortOrder: g.sortOrder,
        _embedded: {
          modifiers: modifiers[i].map((m) => ({
            id: m.id,
            concessionId: m.concessionId,
            name: m.name,
            displayName: m.displayName,
            sku: m.sku,
            price: m.price,
            tax: m.tax,
            // A modifier is a part of its product, not sold on its own: its self is the product.
            _links: hal.self(self),
          })),
        },
        _links: { ...hal.self(self), [hal.rel('v1/concessions')]: hal.link(listPath) },
      })),
      ...(components
        ? {
            comboComponents: components.map((c, i) => ({
              concessionId: c.concessionId,
              name: c.name,
              type: c.type,
              quantity: c.quantity,
              sortOrder: c.sortOrder,
              _embedded: {
                groupComboComponents: (groupItems[i] ?? []).map((g) => ({ concessionId: g.concessionId, name: g.name, sku: g.sku })),
              },
            })),
          }
        : {}),
      ...(upsellGroup
        ? {
            upsellGroup: {
              name: upsellGroup.name,
              _embedded: {
                upsellConcessions: upsells.map((u) => ({
                  name: u.name,
                  sku: u.sku,
                  price: u.price,
                  tax: u.tax,
                  concessionId: u.concessionId,
                })),
              },
            },
          }
        : {}),
    },
    _links: {
      ...hal.self(self),
      [hal.rel('v2/media')]: hal.link(`/v2/media/products/${p.id}/{media-type}`, true),
      [hal.rel('v2/theatre')]: hal.link(`/v2/theatres/${record.theatreId}`),
    },
  };
}
