import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import { jsonSchemaOf } from './zod-body';

/**
 * Fastify's own schema compilers (ajv for request validation, fast-json-stringify for response
 * serialisation), made lazy and shared:
 *
 * - **lazy**: a route's validator or serializer is compiled by the first request that needs it, not by
 *   `listen()`. Compiling every response schema of the REST layer up front took about 2.5 s of every start
 *   (fast-json-stringify validates each schema and the shared components with ajv), most of it for routes
 *   an instance may not see for minutes. The first request on a route pays its compilation once (a few
 *   milliseconds); a schema error shows on that request instead of at start — the REST tests call every
 *   route, so one would not go unseen.
 * - **shared**: compiled functions are kept per schema object and per set of external schemas and options,
 *   so a second instance in the same process (the tests start many) reuses the first one's.
 *
 * - **bodies typed as declared**: Fastify's ajv coerces types (`coerceTypes: 'array'`) in every part of a
 *   request. Path and query values arrive as text, so there a declared integer is parsed from it; a JSON
 *   body carries its own types, and coercing them stored `true` as the string "true" and `12345` as
 *   "12345". Bodies are validated by a second ajv with `coerceTypes: false`: a value of the wrong JSON
 *   type is a 400 naming the field. A field that may be sent in two forms declares both (`anyOf`).
 *
 * Behaviour is Fastify's default otherwise: same compilers, same options, same external schemas.
 */

type Serializer = (data: unknown) => string;
type SchemaDef = { schema: unknown; method: string; url: string; httpPart?: string; httpStatus?: string; contentType?: string };
type Validation = ((data: unknown) => unknown) & { errors?: unknown };

const serializers = new WeakMap<object, Map<string, Serializer>>();
const serializerFactory = SerializerSelector();
// One ajv pool for every instance of the process: ajv itself keeps what it compiled per schema object.
const validatorFactory = ValidatorSelector();

/**
 * A small id per distinct set of external schemas and options (the components' JSON runs to many KB):
 * the per-schema keys below carry the id, not the text.
 */
const settingsIds = new Map<string, number>();
function settingsId(settings: string): number {
  let id = settingsIds.get(settings);
  if (id === undefined) settingsIds.set(settings, (id = settingsIds.size + 1));
  return id;
}

function remembered<T>(cache: WeakMap<object, Map<string, T>>, schema: unknown, key: string, build: () => T): T {
  if (typeof schema !== 'object' || schema === null) return build();
  let byKey = cache.get(schema);
  if (!byKey) cache.set(schema, (byKey = new Map()));
  let value = byKey.get(key);
  if (value === undefined) byKey.set(key, (value = build()));
  return value;
}

const buildSerializer = ((externalSchemas: unknown, options: unknown) => {
  const compile = serializerFactory(externalSchemas, options as never) as unknown as (def: SchemaDef) => Serializer;
  const key = settingsId(JSON.stringify([externalSchemas, options]));
  return (def: SchemaDef) => {
    let serialize: Serializer | undefined;
    return (data: unknown) => {
      serialize ??= remembered(serializers, def.schema, `${key}|${def.httpStatus}|${def.contentType}`, () => compile(def));
      return serialize(data);
    };
  };
}) as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];

/** Parses a request body or throws BAD_USER_INPUT naming the field (the zod parsers of src/services). */
export type BodyParser = (body: unknown) => unknown;

/** Body schemas validated by a zod parser instead of ajv, with that parser. */
const zodValidated = new WeakMap<object, BodyParser>();
/** The zod schema each of those body schemas was derived from: its one description. */
const descriptions = new WeakMap<object, z.ZodTypeAny>();

/**
 * A route body whose one validation is a zod schema (the same one the GraphQL surface parses with):
 * the JSON schema is derived from it for the OpenAPI document (`jsonSchemaOf`), and the request body is
 * parsed by `parse` where ajv would have validated it (after the credential and input-guard hooks,
 * before the handler), so the handler receives the parsed value and the service does not check it
 * again. One description and one validation per surface (issue 27).
 */
export function zodBody(schema: z.ZodTypeAny, parse: (schema: z.ZodTypeAny, body: unknown) => unknown): Record<string, unknown> {
  const json = jsonSchemaOf(schema);
  zodValidated.set(json, (body) => parse(schema, body));
  descriptions.set(json, schema);
  return json;
}

/** The same zod parser for `copy`, a schema made from `original` (the bounded copy `route()` publishes). */
export function carryBodyParser(original: object, copy: object): void {
  const parse = zodValidated.get(original);
  if (parse) zodValidated.set(copy, parse);
  const description = descriptions.get(original);
  if (description) descriptions.set(copy, description);
}

/** The zod schema a route's body schema was derived from (`zodBody`), or undefined for a hand-written one. */
export const bodyDescriptionOf = (schema: unknown): z.ZodTypeAny | undefined =>
  typeof schema === 'object' && schema !== null ? descriptions.get(schema) : undefined;

type ValidatorOptions = { customOptions?: Record<string, unknown> } & Record<string, unknown>;

const buildValidator = ((externalSchemas: unknown, options: ValidatorOptions) => {
  const compile = validatorFactory(externalSchemas as never, options as never) as unknown as (def: SchemaDef) => Validation;
  const bodyOptions = { ...options, customOptions: { ...options.customOptions, coerceTypes: false } };
  const compileBody = validatorFactory(externalSchemas as never, bodyOptions as never) as unknown as (def: SchemaDef) => Validation;
  return (def: SchemaDef) => {
    const parse = def.httpPart === 'body' && typeof def.schema === 'object' && def.schema !== null ? zodValidated.get(def.schema) : undefined;
    if (parse) {
      // Fastify takes `{ value }` as the validated body and `{ error }` as the failure (its custom-validator contract).
      return (data: unknown) => {
        try {
          return { value: parse(data) };
        } catch (error) {
          return { error };
        }
      };
    }
    let validate: Validation | undefined;
    // Fastify reads `errors` off the function it was given after a `false`: hand over the compiled one's.
    const lazy: Validation = (data: unknown) => {
      validate ??= def.httpPart === 'body' ? compileBody(def) : compile(def);
      const result = validate(data);
      lazy.errors = validate.errors;
      return result;
    };
    return lazy;
  };
}) as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

/** Fastify's `schemaController` option with the lazy, shared compilers. */
export const lazySchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildSerializer, buildValidator },
};
