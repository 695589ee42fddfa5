import { Field, Float, Int, ObjectType } from 'type-graphql';
import type {
  ComboComponentRow,
  ComboGroupItemRow,
  ConcessionCategoryRow,
  ConcessionDiscountRow,
  ConcessionGroupRow,
  ConcessionRecord,
  ModifierGroupRow,
  ModifierRow,
} from '../src/services/concession';
import { fieldTable } from '../src/services/shared/field-table';
import { PageOf } from './paging.type';

@ObjectType({ description: 'Images of a concession product, category or group.' })
export class ConcessionMedia {
  @Field(() => String, { description: 'Small image.', nullable: true })
  imageSmall!: string | null;

  @Field(() => String, { description: 'Large image.', nullable: true })
  imageLarge!: string | null;
}

const media = (small: string | null, large: string | null) =>
  Object.assign(new ConcessionMedia(), { imageSmall: small, imageLarge: large });

@ObjectType({ description: 'A food or drink product as one theatre sells it.' })
export class Concession {
  @Field(() => Int, { description: 'The theatre-product-assignment id.' })
  id!: number;

  @Field(() => Int, { description: 'The product id.' })
  concessionId!: number;

  @Field(() => Int, { description: 'The theatre selling it.' })
  theatreId!: number;

  @Field(() => String, { description: 'Product name.' })
  name!: string;

  @Field(() => String, { description: 'Name to display.' })
  displayName!: string;

  @Field(() => String, { description: 'Description.', nullable: true })
  description!: string | null;

  @Field(() => String, { description: 'Nutritional information.', nullable: true })
  nutritionalInfo!: string | null;

  @Field(() => String, { description: 'Size, e.g. Large.', nullable: true })
  size!: string | null;

  @Field(() => Float, { description: 'Tax-inclusive, display only.' })
  price!: number;

  @Field(() => Float, { description: 'Tax per unit.' })
  tax!: number;

  @Field(() => Int, { description: 'The tax group.', nullable: true })
  taxGroupId!: number | null;

  @Field(() => Boolean, { description: 'Combos: tax is computed per component.' })
  taxAtComboItemLevel!: boolean;

  @Field(() => String, { description: 'Stock-keeping unit.' })
  sku!: string;

  @Field(() => Int, { description: 'Minutes.' })
  prepTime!: number;

  @Field(() => ConcessionMedia, { description: 'Product images.' })
  media!: ConcessionMedia;

  /** Hidden: the product's upsell group. */
  upsellGroupId!: number | null;

  /** Hidden: the product is a combo (REST shows its components only then). */
  isCombo!: boolean;
}

@ObjectType({ description: 'A page of concessions.' })
export class ConcessionPage extends PageOf(Concession) {}

/** A product field of a concession record (row key `product.<key>`). */
const product = <K extends keyof ConcessionRecord['product'] & string>(key: K) =>
  ({ needs: [`product.${key}`], value: (r: ConcessionRecord) => r.product[key] }) as const;

/**
 * A concession's fields from its record (src/services/shared/field-table.ts; row keys `product.…` are the
 * product's): the loader path maps whole records through it, the read planner picks what it read.
 */
export const CONCESSION_FIELDS = fieldTable<ConcessionRecord>()({
  id: 'id',
  concessionId: 'concessionId',
  theatreId: 'theatreId',
  name: product('name'),
  displayName: product('displayName'),
  description: product('description'),
  nutritionalInfo: product('nutritionalInfo'),
  size: product('size'),
  price: 'price',
  tax: 'tax',
  taxGroupId: product('taxGroupId'),
  taxAtComboItemLevel: product('taxAtComboItemLevel'),
  sku: product('sku'),
  prepTime: product('prepTime'),
  media: { needs: ['product.imageSmall', 'product.imageLarge'], value: (r) => media(r.product.imageSmall, r.product.imageLarge) },
  upsellGroupId: product('upsellGroupId'),
  isCombo: product('isCombo'),
});

export function toConcession(r: ConcessionRecord): Concession {
  return Object.assign(new Concession(), CONCESSION_FIELDS.all(r));
}

@ObjectType({ description: 'A concession category; categories nest (level 1 is the top).' })
export class ConcessionCategory {
  @Field(() => Int, { description: 'The category id.' })
  categoryId!: number;

  @Field(() => String, { description: 'Category name.' })
  name!: string;

  @Field(() => Int, { description: 'Depth in the category tree, from 1.' })
  level!: number;

  @Field(() => Int, { description: 'Within its level.' })
  sortOrder!: number;

  @Field(() => Int, { description: 'Within the lowest level.' })
  productSortOrder!: number;

  @Field(() => Int, { description: 'The parent category; null at the top.', nullable: true })
  parentCategoryId!: number | null;

  @Field(() => ConcessionMedia, { description: 'Category images.' })
  media!: ConcessionMedia;
}

@ObjectType({ description: 'A page of concession categories.' })
export class ConcessionCategoryPage extends PageOf(ConcessionCategory) {}

export const CONCESSION_CATEGORY_FIELDS = fieldTable<ConcessionCategoryRow>()({
  categoryId: 'id',
  name: 'name',
  level: 'level',
  sortOrder: 'sortOrder',
  productSortOrder: 'productSortOrder',
  parentCategoryId: 'parentId',
  media: { needs: ['imageSmall', 'imageLarge'], value: (c) => media(c.imageSmall, c.imageLarge) },
});

export const toConcessionCategory = (c: ConcessionCategoryRow): ConcessionCategory =>
  Object.assign(new ConcessionCategory(), CONCESSION_CATEGORY_FIELDS.all(c));

@ObjectType({ description: 'A discount on a concession product.' })
export class ConcessionDiscount {
  @Field(() => Int, { description: 'The discount id.' })
  id!: number;

  @Field(() => Float, { description: 'Amount taken off.' })
  amount!: number;

  @Field(() => String, { description: 'For example Upgrade or Discount.' })
  type!: string;

  @Field(() => Int, { description: 'The product whose purchase enables the discount, if any.', nullable: true })
  referenceProductId!: number | null;
}

export const CONCESSION_DISCOUNT_FIELDS = fieldTable<ConcessionDiscountRow>()({
  id: 'id',
  amount: 'amount',
  type: 'type',
  referenceProductId: 'referenceProductId',
});

export const toConcessionDiscount = (d: ConcessionDiscountRow): ConcessionDiscount =>
  Object.assign(new ConcessionDiscount(), CONCESSION_DISCOUNT_FIELDS.all(d));

@ObjectType({ description: 'A display group of a product.' })
export class ConcessionGroup {
  @Field(() => String, { description: 'Group name.' })
  name!: string;

  @Field(() => ConcessionMedia, { description: 'Group images.' })
  media!: ConcessionMedia;
}

export const CONCESSION_GROUP_FIELDS = fieldTable<ConcessionGroupRow>()({
  name: 'name',
  media: { needs: ['imageSmall', 'imageLarge'], value: (g) => media(g.imageSmall, g.imageLarge) },
});

export const toConcessionGroup = (g: ConcessionGroupRow): ConcessionGroup =>
  Object.assign(new ConcessionGroup(), CONCESSION_GROUP_FIELDS.all(g));

@ObjectType({ description: 'A modifier choice (itself a product), priced for the group.' })
export class Modifier {
  @Field(() => Int, { description: 'The modifier id: the `modifierId` that `addProductModifier` and order concession lines take.' })
  id!: number;

  @Field(() => Int, { description: "The modifier's own product id." })
  concessionId!: number;

  @Field(() => String, { description: 'Name.' })
  name!: string;

  @Field(() => String, { description: 'Name to display.' })
  displayName!: string;

  @Field(() => String, { description: 'Stock-keeping unit.' })
  sku!: string;

  @Field(() => Float, { description: 'Price per unit, excluding tax.' })
  price!: number;

  @Field(() => Float, { description: 'Tax per unit.' })
  tax!: number;
}

/** A modifier's fields from its row (the modifier with its product's names and sku). */
export const MODIFIER_FIELDS = fieldTable<ModifierRow>()({
  id: 'id',
  concessionId: 'concessionId',
  name: 'name',
  displayName: 'displayName',
  sku: 'sku',
  price: 'price',
  tax: 'tax',
});

export const toModifier = (m: ModifierRow): Modifier => Object.assign(new Modifier(), MODIFIER_FIELDS.all(m));

@ObjectType({ description: 'A group of modifiers of a concession product.' })
export class ModifierGroup {
  @Field(() => Int, { description: 'The modifier group id.' })
  id!: number;

  @Field(() => String, { description: 'Name of the group, e.g. Butter.' })
  groupName!: string;

  @Field(() => Boolean, { description: 'A choice in this group is required.' })
  required!: boolean;

  @Field(() => Int, { description: 'Fewest modifiers to choose.' })
  minimumQuantity!: number;

  @Field(() => Int, { description: 'Most modifiers to choose.' })
  maximumQuantity!: number;

  @Field(() => Int, { description: 'Display order.' })
  sortOrder!: number;
}

export const MODIFIER_GROUP_FIELDS = fieldTable<ModifierGroupRow>()({
  id: 'id',
  groupName: 'groupName',
  required: 'required',
  minimumQuantity: 'minimumQuantity',
  maximumQuantity: 'maximumQuantity',
  sortOrder: 'sortOrder',
});

export const toModifierGroup = (g: ModifierGroupRow): ModifierGroup => Object.assign(new ModifierGroup(), MODIFIER_GROUP_FIELDS.all(g));

@ObjectType({ description: 'A product a Group-type combo component lets the guest choose.' })
export class GroupComboComponent {
  @Field(() => Int, { description: 'A product that can fill the component.' })
  concessionId!: number;

  @Field(() => String, { description: 'Its name.' })
  name!: string;

  @Field(() => String, { description: 'Its stock-keeping unit.' })
  sku!: string;
}

export const GROUP_COMBO_COMPONENT_FIELDS = fieldTable<ComboGroupItemRow>()({ concessionId: 'concessionId', name: 'name', sku: 'sku' });

export const toGroupComboComponent = (i: ComboGroupItemRow): GroupComboComponent =>
  Object.assign(new GroupComboComponent(), GROUP_COMBO_COMPONENT_FIELDS.all(i));

@ObjectType({ description: 'A part of a combo: a fixed product (Concession) or a choice (Group).' })
export class ComboComponent {
  @Field(() => Int, { description: 'The component product; null for a group choice.', nullable: true })
  concessionId!: number | null;

  @Field(() => String, { description: 'Name of the component.' })
  name!: string;

  @Field(() => String, { description: 'Concession or Group.' })
  type!: string;

  @Field(() => Int, { description: 'How many of it the combo holds.' })
  quantity!: number;

  @Field(() => Int, { description: 'Display order.' })
  sortOrder!: number;

  /** Hidden: the component's id (group items load by it). */
  componentId!: number;
}

export const COMBO_COMPONENT_FIELDS = fieldTable<ComboComponentRow>()({
  concessionId: 'concessionId',
  name: 'name',
  type: 'type',
  quantity: 'quantity',
  sortOrder: 'sortOrder',
  componentId: 'id',
});

export const toComboComponent = (c: ComboComponentRow): ComboComponent => Object.assign(new ComboComponent(), COMBO_COMPONENT_FIELDS.all(c));

@ObjectType({ description: 'A product offered as an upsell, priced as the theatre sells it.' })
export class UpsellConcession {
  @Field(() => Int, { description: 'The product id.' })
  concessionId!: number;

  @Field(() => String, { description: 'Name.' })
  name!: string;

  @Field(() => String, { description: 'Stock-keeping unit.' })
  sku!: string;

  @Field(() => Float, { description: 'Price, excluding tax.' })
  price!: number;

  @Field(() => Float, { description: 'Tax.' })
  tax!: number;
}

@ObjectType({ description: 'Products offered alongside a product.' })
export class UpsellGroup {
  @Field(() => String, { description: 'Name of the upsell group.' })
  name!: string;

  /** Hidden: the group's id and the offer it is read for (its key below its parents: read-planner/catalog-concessions.ts). */
  id!: number;
  offerId!: number;
}

/** An upsell product's row: the product and the theatre's offer of it (read-planner/catalog-concessions.ts). */
export interface UpsellConcessionRow {
  concessionId: number;
  name: string;
  sku: string;
  price: number;
  tax: number;
}

export const UPSELL_CONCESSION_FIELDS = fieldTable<UpsellConcessionRow>()({ concessionId: 'concessionId', name: 'name', sku: 'sku', price: 'price', tax: 'tax' });

/** An upsell group as a concession at a theatre offers it (the theatre's prices apply below it). */
export interface UpsellGroupOfRow {
  id: number;
  name: string;
  offerId: number;
}

export const UPSELL_GROUP_FIELDS = fieldTable<UpsellGroupOfRow>()({ id: 'id', name: 'name', offerId: 'offerId' });
