import 'reflect-metadata';
import { getMetadataStorage } from 'type-graphql';
import { buildMarqueeSchema, callFieldResolversDirectly, isPlainDataClass } from '../../src/composition/graphql-schema';
import { SeatingLayout } from '../../schema/seating.type';
import { Showtime } from '../../schema/showtime.type';
import { Theatre } from '../../schema/theatre.type';

/** A field resolver's `@Root()` parent is passed as it is when its class is plain data (src/composition/graphql-schema.ts). */
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

it('drops the per-call conversion of exactly the plain-data roots', async () => {
  await buildMarqueeSchema();
  const storage = getMetadataStorage();
  const roots = [...storage.queries, ...storage.mutations, ...storage.subscriptions, ...storage.fieldResolvers]
    .flatMap((d) => d.params ?? [])
    .filter((p) => p.kind === 'root');
  expect(roots.length).toBeGreaterThan(20);
  for (const param of roots) {
    const declared = Reflect.getMetadata('design:paramtypes', param.target.prototype, param.methodName)?.[param.index] as unknown;
    // Converted only when the declared class has behaviour; a plain parent goes through untouched.
    const plain = typeof declared !== 'function' || declared === Object || isPlainDataClass(declared as new () => object);
    expect({ method: `${param.target.name}.${param.methodName}`, converts: param.getType !== undefined }).toEqual({
      method: `${param.target.name}.${param.methodName}`,
      converts: !plain,
    });
  }
});

it('calls field resolvers of plain parents, context and info directly; those with arguments keep the wrapper', async () => {
  const schema = await buildMarqueeSchema();
  const direct = callFieldResolversDirectly(schema);
  expect(direct).toEqual(expect.arrayContaining(['Showtime.movie', 'Showtime.attributes', 'Credit.person', 'Theatre.market']));
  // Arguments need type-graphql's conversion and validation.
  expect(direct).not.toContain('Theatre.showtimes');
  expect(direct).not.toContain('Movie.showtimes');
});
