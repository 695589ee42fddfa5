import 'reflect-metadata';
import { isObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { createPubSub } from '@graphql-yoga/subscription';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { resolvers } from '../../resolvers';
import { authChecker } from './auth-checker';
import { validateArgs } from '../graphql/validate-args';

let cached: Promise<GraphQLSchema> | undefined;

/**
 * Builds the executable schema from the type-graphql classes (once per process). The catalog's object
 * types (theatre, showtime, movie, attribute, person) declare `simpleResolvers`: their plain fields
 * read the property with graphql-js's default resolver instead of a per-field type-graphql wrapper
 * (no field there has middlewares or roles; field resolvers keep theirs).
 */
export function buildMarqueeSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers,
    // class-validator on arguments, skipped where it would check nothing (src/graphql/validate-args.ts).
    validateFn: validateArgs,
    authChecker,
    // type-graphql insists on a PubSub once a schema has subscriptions. Ours use `subscribe` with a
    // per-instance hub (src/realtime), as one process may run several instances (tests), so this one
    // carries nothing.
    pubSub: createPubSub(),
    emitSchemaFile: false,
  }).then((schema) => {
    fixParameterOrder();
    passPlainRoots();
    callFieldResolversDirectly(schema);
    return describeRootTypes(schema);
  });
  return cached;
}

/**
 * type-graphql's resolver wrapper sorts the resolver's parameter list by position on every call (in place,
 * so the order never changes after the first), and each call of Array.prototype.sort allocates V8's sort
 * state (~2.5 KB): ~70 sorts for a day of showtimes with movie and attributes, about a sixth of its garbage.
 * Each list is sorted once here and keeps that order; its own `sort` then returns it as it is.
 */
function fixParameterOrder(): void {
  const storage = getMetadataStorage();
  const definitions = [...storage.queries, ...storage.mutations, ...storage.subscriptions, ...storage.fieldResolvers];
  for (const { params } of definitions) {
    if (!params || Object.hasOwn(params, 'sort')) continue;
    params.sort((a, b) => a.index - b.index);
    Object.defineProperty(params, 'sort', {
      value: function sorted<T>(this: T): T {
        return this;
      },
    });
  }
}

/**
 * type-graphql hands a field resolver's `@Root()` parameter over as an instance of its declared class:
 * on every call it builds one (`new Showtime()`, deleting the unset keys) and copies the parent object's
 * properties into it, unless the parent is already one. Our parents are mostly plain rows (a day of
 * showtimes is read as JSON), so a day with movie and attributes built ~70 copies: an eighth of the
 * request's CPU in a profile. For a class that is plain data — no method or accessor on its prototype
 * chain, no field initialiser — the copy has exactly the parent's properties, so the parent is passed as
 * it is. A class with behaviour (a getter such as `SeatingLayout.seats`) or defaults keeps the conversion.
 */
function passPlainRoots(): void {
  const storage = getMetadataStorage();
  const definitions = [...storage.queries, ...storage.mutations, ...storage.subscriptions, ...storage.fieldResolvers];
  for (const { params } of definitions) {
    for (const param of params ?? []) {
      if (param.kind !== 'root' || !param.getType) continue;
      const type: unknown = param.getType();
      if (typeof type === 'function' && isPlainDataClass(type as new () => object)) (param as { getType?: unknown }).getType = undefined;
    }
  }
}

type FieldResolve = (root: unknown, args: unknown, context: unknown, info: unknown) => unknown;
type ParamGetter = (root: unknown, context: unknown, info: unknown) => unknown;

/**
 * Field resolvers whose parameters are only `@Root()` (a plain parent, see above), `@Ctx()` and `@Info()`,
 * without middlewares or roles (we use neither), are called directly: type-graphql's wrapper builds a
 * resolver-data object, looks the resolver class up in its container, runs an empty middleware chain
 * and maps the parameter list on every call (~3 % of a day of showtimes with movie and attributes in a
 * profile, two such fields per showtime). Same method, same `this` (one instance per resolver class:
 * they hold no state), same arguments. Anything else keeps type-graphql's wrapper: arguments (their
 * conversion and validation), parents of classes with behaviour, custom parameter decorators.
 * Returns the `Type.field` names it rewired (for the test).
 */
export function callFieldResolversDirectly(schema: GraphQLSchema): string[] {
  const storage = getMetadataStorage();
  const instances = new Map<object, object>();
  const rewired: string[] = [];
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type)) continue;
    const fields = type.getFields();
    for (const field of objectType.fields ?? []) {
      const definition = storage.fieldResolvers.find(
        (r) => r.kind === 'external' && r.getObjectType?.() === field.target && r.methodName === field.name,
      );
      const target = fields[field.schemaName];
      if (!definition || !target || definition.middlewares?.length || definition.roles) continue;
      const getters = (definition.params ?? []).map((param): ParamGetter | null => {
        const property = 'propertyName' in param ? param.propertyName : undefined;
        if (param.kind === 'root' && !param.getType) return property ? (root) => (root as Record<string, unknown>)[property] : (root) => root;
        if (param.kind === 'context') return property ? (_r, context) => (context as Record<string, unknown>)[property] : (_r, context) => context;
        if (param.kind === 'info') return (_r, _c, info) => info;
        return null;
      });
      if (getters.some((g) => g === null) || getters.some((_, i) => definition.params?.[i]?.index !== i)) continue;
      const Resolver = definition.target as new () => object;
      let instance = instances.get(Resolver);
      if (!instance) instances.set(Resolver, (instance = new Resolver()));
      const method = (instance as Record<string, unknown>)[definition.methodName];
      if (typeof method !== 'function') continue;
      const self = instance;
      const [a, b, c] = getters as ParamGetter[];
      const call = method as (...params: unknown[]) => unknown;
      const resolve: FieldResolve =
        getters.length === 0
          ? () => call.call(self)
          : getters.length === 1
            ? (root, _args, context, info) => call.call(self, a(root, context, info))
            : getters.length === 2
              ? (root, _args, context, info) => call.call(self, a(root, context, info), b(root, context, info))
              : getters.length === 3
                ? (root, _args, context, info) => call.call(self, a(root, context, info), b(root, context, info), c(root, context, info))
                : (root, _args, context, info) => call.apply(self, (getters as ParamGetter[]).map((g) => g(root, context, info)));
      target.resolve = resolve as typeof target.resolve;
      rewired.push(`${type.name}.${field.schemaName}`);
    }
  }
  return rewired;
}

/** A class whose instances carry only what is assigned to them: no prototype members, no initialised fields. */
export function isPlainDataClass(type: new () => object): boolean {
  for (let proto = type.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    if (Object.getOwnPropertyNames(proto).some((name) => name !== 'constructor')) return false;
  }
  let probe: object;
  try {
    probe = new type();
  } catch {
    return false;
  }
  return Object.values(probe).every((value) => value === undefined);
}

/** type-graphql names the root types but takes no description for them; every SDL type has one. */
function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  const descriptions: [GraphQLObjectType | null | undefined, string][] = [
    [schema.getQueryType(), 'Reads: the catalog (movies, theatres, showtimes, seat maps, concessions, media) and orders.'],
    [schema.getMutationType(), 'Writes: orders and their products and payments, seat blocks.'],
    [schema.getSubscriptionType(), 'Live updates over WebSocket (graphql-ws on /graphql).'],
  ];
  for (const [type, description] of descriptions) if (type && !type.description) type.description = description;
  return schema;
}
