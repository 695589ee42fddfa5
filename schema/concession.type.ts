import { Field, Float, Int, ObjectType } from 'type-graphql';
import type {
  ComboComponentRow,
  ConcessionCategoryRow,
  ConcessionDiscountRow,
  ConcessionGroupRow,
  ConcessionRecord,
  ModifierGroupRow,
} from '../src/services/concession.service';
import { PageOf } from './paging.type';

@ObjectType()
export class ConcessionMedia {
  @Field(() => String, { nullable: true })
  imageSmall!: string | null;

  @Field(() => String, { nullable: true })
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

  @Field(() => Int)
  theatreId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  nutritionalInfo!: string | null;

  @Field(() => String, { nullable: true })
  size!: string | null;

  @Field(() => Float, { description: 'Tax-inclusive, display only.' })
  price!: number;

  @Field(() => Float)
  tax!: number;

  @Field(() => Int, { nullable: true })
  taxGroupId!: number | null;

  @Field(() => Boolean)
  taxAtComboItemLevel!: boolean;

  @Field(() => String)
  sku!: string;

  @Field(() => Int, { description: 'Minutes.' })
  prepTime!: number;

  @Field(() => ConcessionMedia)
  media!: ConcessionMedia;

  /** Hidden: the product's upsell group. */
  upsellGroupId!: number | null;
}

@ObjectType()
export class ConcessionPage extends PageOf(Concession) {}

export function toConcession(r: ConcessionRecord): Concession {
  const p = r.product;
  return Object.assign(new Concession(), {
    id: r.id,
    concessionId: r.concessionId,
    theatreId: r.theatreId,
    name: p.name,
    displayName: p.displayName,
    description: p.description,
    nutritionalInfo: p.nutritionalInfo,
    size: p.size,
    price: r.price,
    tax: r.tax,
    taxGroupId: p.taxGroupId,
    taxAtComboItemLevel: p.taxAtComboItemLevel,
    sku: p.sku,
    prepTime: p.prepTime,
    media: media(p.imageSmall, p.imageLarge),
    upsellGroupId: p.upsellGroupId,
  });
}

@ObjectType({ description: 'A concession category; categories nest (level 1 is the top).' })
export class ConcessionCategory {
  @Field(() => Int)
  categoryId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  level!: number;

  @Field(() => Int, { description: 'Within its level.' })
  sortOrder!: number;

  @Field(() => Int, { description: 'Within the lowest level.' })
  productSortOrder!: number;

  @Field(() => Int, { nullable: true })
  parentCategoryId!: number | null;

  @Field(() => ConcessionMedia)
  media!: ConcessionMedia;
}

@ObjectType()
export class ConcessionCategoryPage extends PageOf(ConcessionCategory) {}

export const toConcessionCategory = (c: ConcessionCategoryRow): ConcessionCategory =>
  Object.assign(new ConcessionCategory(), {
    categoryId: c.id,
    name: c.name,
    level: c.level,
    sortOrder: c.sortOrder,
    productSortOrder: c.productSortOrder,
    parentCategoryId: c.parentId,
    media: media(c.imageSmall, c.imageLarge),
  });

@ObjectType()
export class ConcessionDiscount {
  @Field(() => Int)
  id!: number;

  @Field(() => Float)
  amount!: number;

  @Field(() => String, { description: 'For example Upgrade or Discount.' })
  type!: string;

  @Field(() => Int, { nullable: true })
  referenceProductId!: number | null;
}

export const toConcessionDiscount = (d: ConcessionDiscountRow): ConcessionDiscount =>
  Object.assign(new ConcessionDiscount(), {
    id: d.id,
    amount: d.amount,
    type: d.type,
    referenceProductId: d.referenceProductId,
  });

@ObjectType({ description: 'A display group of a product.' })
export class ConcessionGroup {
  @Field(() => String)
  name!: string;

  @Field(() => ConcessionMedia)
  media!: ConcessionMedia;
}

export const toConcessionGroup = (g: ConcessionGroupRow): ConcessionGroup =>
  Object.assign(new ConcessionGroup(), { name: g.name, media: media(g.imageSmall, g.imageLarge) });

@ObjectType({ description: 'A modifier choice (itself a product), priced for the group.' })
export class Modifier {
  @Field(() => Int, { description: 'The modifier id: the `modifierId` that `addProductModifier` and order concession lines take.' })
  id!: number;

  @Field(() => Int)
  concessionId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String)
  sku!: string;

  @Field(() => Float)
  price!: number;

  @Field(() => Float)
  tax!: number;
}

@ObjectType()
export class ModifierGroup {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  groupName!: string;

  @Field(() => Boolean)
  required!: boolean;

  @Field(() => Int)
  minimumQuantity!: number;

  @Field(() => Int)
  maximumQuantity!: number;

  @Field(() => Int)
  sortOrder!: number;
}

export const toModifierGroup = (g: ModifierGroupRow): ModifierGroup =>
  Object.assign(new ModifierGroup(), {
    id: g.id,
    groupName: g.groupName,
    required: g.required,
    minimumQuantity: g.minimumQuantity,
    maximumQuantity: g.maximumQuantity,
    sortOrder: g.sortOrder,
  });

@ObjectType({ description: 'A product a Group-type combo component lets the guest choose.' })
export class GroupComboComponent {
  @Field(() => Int)
  concessionId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  sku!: string;
}

@ObjectType({ description: 'A part of a combo: a fixed product (Concession) or a choice (Group).' })
export class ComboComponent {
  @Field(() => Int, { nullable: true })
  concessionId!: number | null;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Concession or Group.' })
  type!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  sortOrder!: number;

  /** Hidden: the component's id (group items load by it). */
  componentId!: number;
}

export const toComboComponent = (c: ComboComponentRow): ComboComponent =>
  Object.assign(new ComboComponent(), {
    concessionId: c.concessionId,
    name: c.name,
    type: c.type,
    quantity: c.quantity,
    sortOrder: c.sortOrder,
    componentId: c.id,
  });

@ObjectType()
export class UpsellConcession {
  @Field(() => Int)
  concessionId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  sku!: string;

  @Field(() => Float)
  price!: number;

  @Field(() => Float)
  tax!: number;
}

@ObjectType({ description: 'Products offered alongside a product.' })
export class UpsellGroup {
  @Field(() => String)
  name!: string;

  /** Hidden: group id and the theatre whose prices apply. */
  id!: number;
  theatreId!: number;
}
