import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { ConcessionsArgs } from '../schema/concession.input';
import {
  ComboComponent,
  Concession,
  ConcessionCategory,
  ConcessionCategoryPage,
  ConcessionDiscount,
  ConcessionGroup,
  ConcessionPage,
  GroupComboComponent,
  Modifier,
  ModifierGroup,
  UpsellConcession,
  UpsellGroup,
} from '../schema/concession.type';
import { PageArgs } from '../schema/paging.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { type Page } from '../src/services/shared/paging';
import { readOne, relation } from '../src/read-planner';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Concession)
export class ConcessionResolver {
  @Query(() => Concession, {
    nullable: true,
    description: 'One concession by its theatre-product-assignment id; null when unknown.',
  })
  async concession(
    @Arg('id', () => Int, { description: 'The theatre-product-assignment id (a product as one theatre sells it).' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Concession | null> {
    return (await readOne(ctx, info, id)) as Concession | null;
  }

  @FieldResolver(() => [ConcessionCategory], { description: 'Categories the product is in.' })
  categories(@Root() c: Parent<Concession>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): ConcessionCategory[] | Promise<ConcessionCategory[]> {
    return relation(c, info, ctx) as ConcessionCategory[] | Promise<ConcessionCategory[]>;
  }

  @FieldResolver(() => [ConcessionGroup], { description: 'Display groups the product is in.' })
  groups(@Root() c: Parent<Concession>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): ConcessionGroup[] | Promise<ConcessionGroup[]> {
    return relation(c, info, ctx) as ConcessionGroup[] | Promise<ConcessionGroup[]>;
  }

  @FieldResolver(() => [ConcessionDiscount], { description: 'Discounts available on the product.' })
  discounts(@Root() c: Parent<Concession>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): ConcessionDiscount[] | Promise<ConcessionDiscount[]> {
    return relation(c, info, ctx) as ConcessionDiscount[] | Promise<ConcessionDiscount[]>;
  }

  @FieldResolver(() => [ModifierGroup], { description: 'Groups of modifiers to choose from (e.g. butter, flavours).' })
  modifierGroups(@Root() c: Parent<Concession>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): ModifierGroup[] | Promise<ModifierGroup[]> {
    return relation(c, info, ctx) as ModifierGroup[] | Promise<ModifierGroup[]>;
  }

  @FieldResolver(() => [ComboComponent], { description: 'Parts of a combo; empty for other products.' })
  comboComponents(@Root() c: Parent<Concession>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): ComboComponent[] | Promise<ComboComponent[]> {
    return relation(c, info, ctx) as ComboComponent[] | Promise<ComboComponent[]>;
  }

  @FieldResolver(() => UpsellGroup, { description: 'Larger or related products to offer instead; null when none.', nullable: true })
  upsellGroup(@Root() c: Parent<Concession>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): UpsellGroup | null | Promise<UpsellGroup | null> {
    return relation(c, info, ctx) as UpsellGroup | null | Promise<UpsellGroup | null>;
  }
}

@Resolver(() => ModifierGroup)
export class ModifierGroupResolver {
  @FieldResolver(() => [Modifier], { description: 'The modifiers to choose from.' })
  modifiers(@Root() g: Parent<ModifierGroup>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Modifier[] | Promise<Modifier[]> {
    return relation(g, info, ctx) as Modifier[] | Promise<Modifier[]>;
  }
}

@Resolver(() => ComboComponent)
export class ComboComponentResolver {
  @FieldResolver(() => [GroupComboComponent], { description: 'The choices of a Group component.' })
  groupComboComponents(@Root() c: Parent<ComboComponent>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): GroupComboComponent[] | Promise<GroupComboComponent[]> {
    return relation(c, info, ctx) as GroupComboComponent[] | Promise<GroupComboComponent[]>;
  }
}

@Resolver(() => UpsellGroup)
export class UpsellGroupResolver {
  @FieldResolver(() => [UpsellConcession], { description: 'Upsell products the theatre sells, at its prices.' })
  upsellConcessions(@Root() g: Parent<UpsellGroup>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): UpsellConcession[] | Promise<UpsellConcession[]> {
    return relation(g, info, ctx) as UpsellConcession[] | Promise<UpsellConcession[]>;
  }
}

@Resolver(() => Theatre)
export class TheatreConcessionsResolver {
  @FieldResolver(() => ConcessionPage, { description: 'Products the theatre sells, by display name.' })
  async concessions(
    @Root() theatre: Parent<Theatre>,
    @Args(() => ConcessionsArgs) args: ConcessionsArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ConcessionPage> {
    return toGraphQLPage(ConcessionPage, (await relation(theatre, info, ctx)) as Page<Concession>, (c) => c);
  }

  @FieldResolver(() => Concession, { nullable: true, description: 'A product (by product id) as this theatre sells it.' })
  concession(
    @Root() theatre: Parent<Theatre>,
    @Arg('concessionId', () => Int, { description: 'The product id.' }) concessionId: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Concession | null | Promise<Concession | null> {
    return relation(theatre, info, ctx) as Concession | null | Promise<Concession | null>;
  }

  @FieldResolver(() => ConcessionCategoryPage, {
    description: "Categories of the theatre's products and their parents, by level and sort order.",
  })
  async concessionCategories(
    @Root() theatre: Parent<Theatre>,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ConcessionCategoryPage> {
    return toGraphQLPage(ConcessionCategoryPage, (await relation(theatre, info, ctx)) as Page<ConcessionCategory>, (c) => c);
  }
}
