import { z } from 'zod';

type Schema = Record<string, unknown>;

/**
 * The JSON schema (OpenAPI 3.1) of a zod schema, as far as the request bodies use zod: objects (strict
 * ones with `additionalProperties: false`), strings with their length and pattern, numbers and
 * integers with their bounds, booleans, enums, literals, arrays with their sizes, unions, optional,
 * nullable and default values. A refinement or a transform is described by the schema it refines (its
 * rule is said in the field's description where a client needs it). A description given with zod's
 * `.describe()` is the field's description. Anything else is a programming error, thrown at start-up.
 *
 * It describes the REST request bodies whose one validation is the zod schema (src/rest/schema-compilers.ts,
 * `zodBody`), so the OpenAPI document says the rules the service's schema checks, written once.
 */
export function jsonSchemaOf(schema: z.ZodTypeAny): Schema {
  const out = convert(schema);
  return schema.description ? { ...out, description: schema.description } : out;
}

/** Whether a property may be left out of its object (a default counts, even one its own checks would refuse). */
const isOptional = (schema: z.ZodTypeAny): boolean => schema instanceof z.ZodDefault || schema.isOptional();

function convert(schema: z.ZodTypeAny): Schema {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind } & Record<string, unknown>;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const object = schema as z.AnyZodObject;
      const shape = object.shape as Record<string, z.ZodTypeAny>;
      const properties = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, jsonSchemaOf(value)]));
      const required = Object.keys(shape).filter((key) => !isOptional(shape[key]));
      return {
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        ...(def.unknownKeys === 'strict' ? { additionalProperties: false } : {}),
      };
    }
    case z.ZodFirstPartyTypeKind.ZodString: {
      const out: Schema = { type: 'string' };
      for (const check of (schema as z.ZodString)._def.checks) {
        if (check.kind === 'min') out.minLength = check.value;
        else if (check.kind === 'max') out.maxLength = check.value;
        else if (check.kind === 'regex') out.pattern = check.regex.source;
      }
      return out;
    }
    case z.ZodFirstPartyTypeKind.ZodNumber: {
      const checks = (schema as z.ZodNumber)._def.checks;
      const out: Schema = { type: checks.some((c) => c.kind === 'int') ? 'integer' : 'number' };
      for (const check of checks) {
        if (check.kind === 'min') out[check.inclusive ? 'minimum' : 'exclusiveMinimum'] = check.value;
        else if (check.kind === 'max') out[check.inclusive ? 'maximum' : 'exclusiveMaximum'] = check.value;
      }
      return out;
    }
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return { type: 'boolean' };
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return { type: 'string', enum: [...(schema as z.ZodEnum<[string, ...string[]]>).options] };
    case z.ZodFirstPartyTypeKind.ZodLiteral: {
      const value = (schema as z.ZodLiteral<unknown>).value;
      return { type: typeof value, const: value };
    }
    case z.ZodFirstPartyTypeKind.ZodArray: {
      const array = (schema as z.ZodArray<z.ZodTypeAny>)._def;
      return {
        type: 'array',
        items: jsonSchemaOf(array.type),
        ...(array.minLength ? { minItems: array.minLength.value } : {}),
        ...(array.maxLength ? { maxItems: array.maxLength.value } : {}),
      };
    }
    case z.ZodFirstPartyTypeKind.ZodUnion:
      return { anyOf: (schema as z.ZodUnion<[z.ZodTypeAny, ...z.ZodTypeAny[]]>).options.map(jsonSchemaOf) };
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodDefault:
      return jsonSchemaOf(def.innerType as z.ZodTypeAny);
    case z.ZodFirstPartyTypeKind.ZodNullable: {
      const inner = jsonSchemaOf(def.innerType as z.ZodTypeAny);
      if (typeof inner.type === 'string' && !inner.enum) return { ...inner, type: [inner.type, 'null'] };
      return { anyOf: [inner, { type: 'null' }] };
    }
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return jsonSchemaOf(def.schema as z.ZodTypeAny);
    default:
      throw new Error(`jsonSchemaOf: zod type ${def.typeName} is not described; add it to src/rest/zod-body.ts`);
  }
}
