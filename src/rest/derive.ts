/**
 * REST response schemas derived from the GraphQL types (issue 27: one description per resource). The
 * GraphQL object type is where a public field is described once, name, type, nullability and
 * description; a REST resource is that type's fields plus its HAL links and the few REST-only
 * properties, declared per resource with `resource(typeName, options)`.
 *
 * The schema is the app's own (`buildMarqueeSchema`, passed to the REST layer as `deps.schema`), so a
 * derived schema is a `Derived` function of it, resolved when the REST layer registers its component
 * schemas (src/rest/openapi.ts, `addComponentSchemas`) and never at import time.
 */

import {
  getNamedType,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { links as halLinks } from './schemas';

type Schema = Record<string, unknown>;

/** A schema built from the app's GraphQL schema. */
export type Derived = ((graphql: GraphQLSchema) => Schema) & { resource?: DerivedResource };
export type SchemaOrDerived = Schema | Derived;

export interface ResourceOptions {
  /** GraphQL fields the REST body does not have: relations that REST links to or embeds instead. */
  omit?: readonly string[];
  /** Only these GraphQL fields, in the type's order (a short form, e.g. the attribute reference). */
  pick?: readonly string[];
  /** Fields of the type whose REST schema differs; each call says why. */
  override?: Record<string, SchemaOrDerived>;
  /** REST-only properties, after the type's fields (`_embedded`, counts, spellings of older versions). */
  extra?: Record<string, SchemaOrDerived>;
  /** `_links`, last: `true` for `self` only, or the names of the relations listed beside it. */
  links?: boolean | readonly string[];
  /** Properties that may be absent (every other one is required, null or not). */
  optional?: readonly string[];
}

/** What a derived resource was derived from: test/integration/openapi.test.ts checks it against its type. */
export interface DerivedResource {
  typeName: string;
  options: ResourceOptions;
}

export const resolveSchema = (s: SchemaOrDerived, graphql: GraphQLSchema): Schema => (typeof s === 'function' ? s(graphql) : s);

/** GraphQL scalars as JSON: the custom ones (DateTime, LocalDateTime, LocalDate) are ISO strings. */
const SCALARS: Record<string, string> = { Int: 'integer', Float: 'number', Boolean: 'boolean', String: 'string', ID: 'string' };

function withNull(schema: Schema, nullable: boolean): Schema {
  return nullable ? { ...schema, type: [schema.type as string, 'null'] } : schema;
}

/** The JSON schema of a GraphQL output type: nested object types are derived with all their fields. */
export function jsonSchemaOf(type: GraphQLOutputType, graphql: GraphQLSchema): Schema {
  const nullable = !isNonNullType(type);
  const inner = getNullableType(type);
  if (isListType(inner)) return withNull({ type: 'array', items: jsonSchemaOf(inner.ofType, graphql) }, nullable);
  if (isObjectType(inner)) return withNull(objectSchema(inner, {}, graphql), nullable);
  // Enums: REST prints the spec's spelling of a value (PremiereAvailable), not the GraphQL name.
  if (isEnumType(inner)) return withNull({ type: 'string' }, nullable);
  if (isScalarType(inner)) return withNull({ type: SCALARS[inner.name] ?? 'string' }, nullable);
  throw new Error(`No JSON schema for GraphQL type ${String(inner)}`);
}

function fieldSchema(field: GraphQLField<unknown, unknown>, graphql: GraphQLSchema): Schema {
  const schema = jsonSchemaOf(field.type, graphql);
  return field.description ? { ...schema, description: field.description } : schema;
}

/** The fields of `type` that the options keep, in the type's order. */
export function keptFields(type: GraphQLObjectType, options: ResourceOptions): GraphQLField<unknown, unknown>[] {
  const fields = Object.values(type.getFields());
  for (const name of [...(options.omit ?? []), ...(options.pick ?? []), ...Object.keys(options.override ?? {})]) {
    if (!(name in type.getFields())) throw new Error(`${type.name} has no field ${name}`);
  }
  return fields.filter((f) => (options.pick ? options.pick.includes(f.name) : !options.omit?.includes(f.name)));
}

function objectSchema(type: GraphQLObjectType, options: ResourceOptions, graphql: GraphQLSchema): Schema {
  const properties: Record<string, Schema> = {};
  for (const field of keptFields(type, options)) {
    const override = options.override?.[field.name];
    if (!override) {
      properties[field.name] = fieldSchema(field, graphql);
      continue;
    }
    const schema = resolveSchema(override, graphql);
    // A reference stays bare (a sibling of `$ref` is not read by every tool); others keep the one description.
    properties[field.name] = schema.$ref || schema.description || !field.description ? schema : { ...schema, description: field.description };
  }
  for (const [name, schema] of Object.entries(options.extra ?? {})) properties[name] = resolveSchema(schema, graphql);
  if (options.links) properties._links = halLinks(options.links === true ? [] : options.links);
  const required = Object.keys(properties).filter((k) => !options.optional?.includes(k));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The named object type of the app's schema (a missing one is a bug of the caller). */
export function objectType(graphql: GraphQLSchema, typeName: string): GraphQLObjectType {
  const type = graphql.getType(typeName);
  if (!isObjectType(type)) throw new Error(`GraphQL schema has no object type ${typeName}`);
  return type;
}

/**
 * A REST resource derived from the GraphQL object type `typeName`: each kept field a property (JSON
 * type from the scalar, enum, list or object type; null allowed where the field is nullable; the
 * field's description), then `extra`, then `_links`.
 */
export function resource(typeName: string, options: ResourceOptions = {}): Derived {
  const derived: Derived = (graphql) => objectSchema(objectType(graphql, typeName), options, graphql);
  derived.resource = { typeName, options };
  return derived;
}

/** One field of a GraphQL type as JSON, with its description (a list REST embeds, a field REST renames). */
export function fieldOf(typeName: string, fieldName: string): Derived {
  return (graphql) => {
    const field = objectType(graphql, typeName).getFields()[fieldName];
    if (!field) throw new Error(`${typeName} has no field ${fieldName}`);
    return fieldSchema(field, graphql);
  };
}

/** Whether a GraphQL output type is a leaf (scalar or enum) once lists and non-null are unwrapped. */
export const isLeaf = (type: GraphQLOutputType) => {
  const named = getNamedType(type);
  return isScalarType(named) || isEnumType(named);
};
