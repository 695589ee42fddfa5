import 'reflect-metadata';
import { getMetadataStorage } from 'type-graphql';
import { buildMarqueeSchema } from '../../src/composition/graphql-schema';
import { SeatingLayout } from '../../schema/seating.type';
import { Showtime } from '../../schema/showtime.type';
import { Theatre } from '../../schema/theatre.type';

/** A field resolver's `@Root()` parent is passed as it is when its class is plain data (schema/parent.ts). */

/** A class whose instances carry only what is assigned to them: no prototype members, no initialised fields. */
function isPlainDataClass(type: new () => object): boolean {
  for (let proto = type.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    if (Object.getOwnPropertyNames(proto).some((name) => name !== 'constructor')) return false;
  }
  return Object.values(new type()).every((value) => value === undefined);
}
class Plain {
  id!: number;
  name?: string;
}
class WithGetter {
  id!: number;
  get double(): number {
    return this.id * 2;
  }
}
class WithMethod {
  id!: number;
  label(): string {
    return String(this.id);
  }
}
class WithDefault {
  pageNumber = 1;
}
class Inherits extends WithMethod {
  other!: string;
}

it('tells plain data classes from classes with behaviour or defaults', () => {
  expect(isPlainDataClass(Plain)).toBe(true);
  expect(isPlainDataClass(Showtime)).toBe(true);
  expect(isPlainDataClass(Theatre)).toBe(true);
  expect(isPlainDataClass(WithGetter)).toBe(false);
  expect(isPlainDataClass(WithMethod)).toBe(false);
  expect(isPlainDataClass(WithDefault)).toBe(false);
  expect(isPlainDataClass(Inherits)).toBe(false);
  expect(isPlainDataClass(SeatingLayout)).toBe(false);
});

it('hands every plain parent to its field resolvers as it is, and converts only classes with behaviour', async () => {
  await buildMarqueeSchema();
  const storage = getMetadataStorage();
  let checked = 0;
  for (const definition of storage.fieldResolvers) {
    const parentClass = definition.getObjectType?.() as (new () => object) | undefined;
    for (const param of definition.params ?? []) {
      if (param.kind !== 'root' || !parentClass) continue;
      checked += 1;
      // `Parent<T>` (schema/parent.ts) names no class, so type-graphql passes the parent through; a class
      // with behaviour (a getter) must keep its conversion, or the getter would be missing.
      expect({ field: `${parentClass.name}.${definition.methodName}`, converts: param.getType !== undefined }).toEqual({
        field: `${parentClass.name}.${definition.methodName}`,
        converts: !isPlainDataClass(parentClass),
      });
    }
  }
  expect(checked).toBeGreaterThan(40);
});
