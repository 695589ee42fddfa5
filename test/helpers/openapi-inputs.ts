/**
 * Requests generated from the app's OpenAPI document (test/integration/input-bounds.test.ts): its
 * operations, a value each body schema accepts, the leaves of a body, and a body with one leaf replaced.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Param {
  name: string;
  in: 'path' | 'query';
  schema: Json;
}
export interface Operation {
  method: string;
  path: string;
  params: Param[];
  body: Json | null;
}

/** Every operation of the document: method, path template, parameters and JSON body schema. */
export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      out.push({ method: method.toUpperCase(), path, params: (op.parameters ?? []) as Param[], body });
    }
  }
  return out;
}

/** A value the schema accepts, to fill the parts of a body that are not under attack. */
export function sampleOf(schema: Json): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (schema.enum) return schema.enum[0];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [sampleOf(schema.items ?? {})];
  if (type === 'object') return Object.fromEntries(Object.entries<Json>(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s)]));
  return 'x';
}

/** Every leaf of a body schema, as a path of property names and array indexes, with its schema. */
export function leavesOf(schema: Json, at: (string | number)[] = []): { at: (string | number)[]; schema: Json }[] {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object') return Object.entries<Json>(schema.properties ?? {}).flatMap(([k, s]) => leavesOf(s, [...at, k]));
  if (type === 'array') return [{ at, schema }, ...leavesOf(schema.items ?? {}, [...at, 0])];
  return [{ at, schema }];
}

export function withValue(base: Json, schema: Json, at: (string | number)[], value: unknown): Json {
  const copy = structuredClone(base);
  let node: Json = copy;
  let nodeSchema = schema;
  at.forEach((key, i) => {
    const childSchema = typeof key === 'number' ? nodeSchema.items : nodeSchema.properties[key];
    if (i === at.length - 1) {
      node[key] = value;
    } else {
      if (node[key] === undefined || node[key] === null) node[key] = sampleOf(childSchema);
      node = node[key];
      nodeSchema = childSchema;
    }
  });
  return copy;
}
