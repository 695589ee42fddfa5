import { z } from 'zod';
import { isValidatedByService, zodBody } from '../../src/rest/schema-compilers';
import { obj, route } from '../../src/rest/schemas';
import { jsonSchemaOf } from '../../src/rest/zod-body';
import { earnForItemsSchema, parseInput } from '../../src/services/loyalty';

/** The REST body schema derived from a zod schema (src/rest/zod-body.ts) and its parser's way to Fastify. */

test('a zod schema is described with its rules: strictness, required fields, lengths, bounds, patterns, nullability', () => {
  const schema = z
    .object({
      name: z.string().trim().min(1).max(60).describe('A name.'),
      code: z.string().regex(/^[A-Z]{2}$/).nullable().optional(),
      count: z.number().int().min(1).max(10),
      price: z.number().positive().refine((n) => n < 5),
      kind: z.enum(['a', 'b']).optional(),
      flag: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
      always: z.literal(true).optional(),
      items: z.array(z.object({ id: z.string() }).strict()).min(1).max(3).default([]),
    })
    .strict();
  expect(jsonSchemaOf(schema)).toEqual({
    type: 'object',
    additionalProperties: false,
    required: ['name', 'count', 'price'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 60, description: 'A name.' },
      code: { type: ['string', 'null'], pattern: '^[A-Z]{2}$' },
      count: { type: 'integer', minimum: 1, maximum: 10 },
      price: { type: 'number', exclusiveMinimum: 0 },
      kind: { type: 'string', enum: ['a', 'b'] },
      flag: { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] },
      always: { type: 'boolean', const: true },
      items: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string' } } } },
    },
  });
});

test('a zod kind the converter does not know is an error at start-up, not an undescribed field', () => {
  expect(() => jsonSchemaOf(z.object({ when: z.date() }))).toThrow(/ZodDate/);
});

test("route() keeps a zod body's parser on the bounded copy it publishes (ajv does not validate it a second time)", () => {
  const body = zodBody(earnForItemsSchema, parseInput);
  const published = route('t', 's', { body, response: { 200: obj({}) } }).body;
  expect(published).not.toBe(body);
  expect(isValidatedByService(published)).toBe(true);
  expect(isValidatedByService(route('t', 's', { body: obj({ a: obj({}) }), response: { 200: obj({}) } }).body)).toBe(false);
});
