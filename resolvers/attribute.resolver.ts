import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { Attribute, AttributeGroup, toAttribute, toAttributeGroup } from '../schema/attribute.type';
import type { Context } from '../src/context';
import { getAttributeByCode, listAttributes } from '../src/services/attribute';
import type { Parent } from '../schema/parent';

@Resolver(() => Attribute)
export class AttributeResolver {
  @Query(() => [Attribute], { description: 'All active attributes, in display order.' })
  async attributes(@Ctx() ctx: Context): Promise<Attribute[]> {
    return (await listAttributes(await ctx.loaders.attributeIndex())).map(toAttribute);
  }

  @Query(() => Attribute, { nullable: true, description: 'One attribute by code; null when unknown.' })
  async attribute(@Arg('code', () => String, { description: 'The attribute code, e.g. IMAX (case-insensitive).' }) code: string, @Ctx() ctx: Context): Promise<Attribute | null> {
    const row = await getAttributeByCode(await ctx.loaders.attributeIndex(), code);
    return row ? toAttribute(row) : null;
  }

  @Query(() => AttributeGroup, { nullable: true, description: 'One attribute group (REST `GET /v1/attribute-groups/{group-id}`); null when the id is unknown.' })
  async attributeGroup(@Arg('id', () => Int, { description: 'The attribute group id.' }) id: number, @Ctx() ctx: Context): Promise<AttributeGroup | null> {
    const row = await ctx.loaders.attributeGroupById.load(id);
    return row ? toAttributeGroup(row) : null;
  }

  @FieldResolver(() => AttributeGroup, { description: 'The attribute group.', nullable: true })
  async group(@Root() attribute: Parent<Attribute>, @Ctx() ctx: Context): Promise<AttributeGroup | null> {
    if (attribute.groupId === null) return null;
    const row = await ctx.loaders.attributeGroupById.load(attribute.groupId);
    return row ? toAttributeGroup(row) : null;
  }
}
