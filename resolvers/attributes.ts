import { type Attribute, toAttribute } from '../schema/attribute.type';
import type { Context } from '../src/context';

/** Attributes of ids (cached reference data, display order): without a promise once the request has checked their version. */
export function attributesOfIds(ids: readonly number[], ctx: Context): Attribute[] | Promise<Attribute[]> {
  const now = ctx.loaders.attributesOfIdsNow(ids);
  return now ? now.map(toAttribute) : ctx.loaders.attributesOfIds(ids).then((rows) => rows.map(toAttribute));
}
