import type {
  ComboComponent,
  Concession,
  ConcessionCategory,
  ConcessionDiscount,
  ConcessionGroup,
  GroupComboComponent,
  Modifier,
  ModifierGroup,
  UpsellConcession,
  UpsellGroup,
} from '../../../schema/concession.type';
import { NOT_PLANNED, plannedOf } from '../../read-planner';
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

/** The relations a REST concession shows, read with it through the planner (src/read-planner/). */
const RELATIONS =
  'categories { categoryId } groups { name } discounts { id } modifierGroups { id modifiers { id } } comboComponents { name groupComboComponents { name } } upsellGroup { name upsellConcessions { name } }';
/** A product by its theatre-product-assignment id (a Concession). */
export const CONCESSION_SELECTION = `{ ${RELATIONS} }`;
/** A theatre's page of products, with the list route's filters (a Theatre). */
export const THEATRE_CONCESSIONS_SELECTION = `{ concessions(pageNumber: $pageNumber, pageSize: $pageSize, category: $category, group: $group) { totalCount items { id ${RELATIONS} } } }`;
/** A product as one theatre sells it (a Theatre). */
export const THEATRE_CONCESSION_SELECTION = `{ concession(concessionId: $concessionId) { id ${RELATIONS} } }`;
const at = (key: string, typename: string) => ({ path: { key, prev: undefined, typename } });
export const CONCESSION_PAGE = at('concessions', 'Theatre');
export const THEATRE_CONCESSION = at('concession', 'Theatre');

/** A planned relation of `parent`, which the route's selection asked for. */
function planned<T>(parent: object, key: string, typename: string): T {
  const value = plannedOf(parent, at(key, typename));
  if (value === NOT_PLANNED) throw new Error(`read planner: ${typename}.${key} read without its selection`);
  return value as T;
}

/**
 * A theatre's product read through the planner with its categories, groups, discounts, modifier
 * groups and modifiers, combo parts and upsells (the objects GraphQL's resolvers return).
 */
export function toConcession(hal: Hal, c: Concession) {
  const categories = planned<ConcessionCategory[]>(c, 'categories', 'Concession');
  const groups = planned<ConcessionGroup[]>(c, 'groups', 'Concession');
  const discounts = planned<ConcessionDiscount[]>(c, 'discounts', 'Concession');
  const modifierGroups = planned<ModifierGroup[]>(c, 'modifierGroups', 'Concession');
  const components = c.isCombo ? planned<ComboComponent[]>(c, 'comboComponents', 'Concession') : null;
  const upsellGroup = planned<UpsellGroup | null>(c, 'upsellGroup', 'Concession');
  const self = concessionPath(c.id);
  const listPath = theatreConcessionsPath(c.theatreId);
  return {
    name: c.name,
    displayName: c.displayName,
    description: c.description,
    nutritionalInfo: c.nutritionalInfo,
    size: c.size,
    price: c.price,
    tax: c.tax,
    taxGroupId: c.taxGroupId,
    taxAtComboItemLevel: c.taxAtComboItemLevel,
    sku: c.sku,
    prepTime: c.prepTime,
    theatreId: c.theatreId,
    concessionId: c.concessionId,
    media: { imageSmall: c.media.imageSmall, imageLarge: c.media.imageLarge },
    discounts: discounts.map((d) => ({ id: d.id, amount: d.amount, type: d.type, referenceProductId: d.referenceProductId })),
    groups: groups.map((g) => ({ name: g.name, media: { imageSmall: g.media.imageSmall, imageLarge: g.media.imageLarge } })),
    _embedded: {
      categories: categories.map((category) => toCategory(hal, c.theatreId, category)),
      modifierGroups: modifierGroups.map((g) => ({
        id: g.id,
        groupName: g.groupName,
        required: g.required,
        minimumQuantity: g.minimumQuantity,
        maximumQuantity: g.maximumQuantity,
        sortOrder: g.sortOrder,
        _embedded: {
          modifiers: planned<Modifier[]>(g, 'modifiers', 'ModifierGroup').map((m) => ({
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
            comboComponents: components.map((part) => ({
              concessionId: part.concessionId,
              name: part.name,
              type: part.type,
              quantity: part.quantity,
              sortOrder: part.sortOrder,
              _embedded: {
                groupComboComponents: planned<GroupComboComponent[]>(part, 'groupComboComponents', 'ComboComponent').map((g) => ({
                  concessionId: g.concessionId,
                  name: g.name,
                  sku: g.sku,
                })),
              },
            })),
          }
        : {}),
      ...(upsellGroup
        ? {
            upsellGroup: {
              name: upsellGroup.name,
              _embedded: {
                upsellConcessions: planned<UpsellConcession[]>(upsellGroup, 'upsellConcessions', 'UpsellGroup').map((u) => ({
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
      [hal.rel('v2/media')]: hal.link(`/v2/media/products/${c.concessionId}/{media-type}`, true),
      [hal.rel('v2/theatre')]: hal.link(`/v2/theatres/${c.theatreId}`),
    },
  };
}
