import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Order, toOrder } from '../schema/order.type';
import { AddProductModifierInput, RemoveProductModifierInput, UpdateOrderProductInput } from '../schema/order-product.input';
import type { Context } from '../src/context';
import {
  addProductModifier,
  addProductModifierSchema,
  orderSettings,
  removeProductModifier,
  removeProductModifierSchema,
  updateOrderProduct,
  updateOrderProductSchema,
} from '../src/services/order';
import { parseFields } from '../src/services/shared/parse-input';

/** Edits of one order line: the same services as REST `PUT …/products/{line}` and `…/modifiers`. */
@Resolver(() => Order)
export class OrderProductMutationResolver {
  @Mutation(() => Order, { description: "Changes a ticket's type or a concession's quantity." })
  async updateOrderProduct(
    @Arg('input', () => UpdateOrderProductInput, { description: 'The line and what to change.' }) input: UpdateOrderProductInput,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    const { orderId, lineNumber, ticketType, quantity } = input;
    const order = await updateOrderProduct(
      ctx.db,
      ctx.principal,
      parseFields(updateOrderProductSchema, { orderId, lineNumber, ticketType: ticketType ?? undefined, quantity: quantity ?? undefined }),
      orderSettings(ctx.config),
    );
    return toOrder(order);
  }

  @Mutation(() => Order, { description: 'Adds a modifier to a concession line (within its group limits).' })
  async addProductModifier(
    @Arg('input', () => AddProductModifierInput, { description: 'The concession line and the modifier.' }) input: AddProductModifierInput,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    return toOrder(await addProductModifier(ctx.db, ctx.principal, parseFields(addProductModifierSchema, { ...input }), orderSettings(ctx.config)));
  }

  @Mutation(() => Order, { description: "Removes a chosen modifier from a concession line (the group's minimum must hold)." })
  async removeProductModifier(
    @Arg('input', () => RemoveProductModifierInput, { description: 'The concession line and the modifier to remove.' }) input: RemoveProductModifierInput,
    @Ctx() ctx: Context,
  ): Promise<Order> {
    return toOrder(await removeProductModifier(ctx.db, ctx.principal, parseFields(removeProductModifierSchema, { ...input }), orderSettings(ctx.config)));
  }
}
