import { z } from 'zod';
import Fastify from 'fastify';
import { lazySchemaController, zodBody } from '../../src/rest/schema-compilers';
import { obj, route, str } from '../../src/rest/schemas';
import { jsonSchemaOf } from '../../src/rest/zod-body';
import { parseIndexedFields } from '../../src/services/shared/parse-input';

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

test("route() keeps a zod body's parser on the bounded copy it publishes: Fastify's validation step parses with zod, not ajv", async () => {
  // The transform and the rule are zod's alone: ajv, validating the JSON schema derived from it, would pass
  // `name` through as sent and accept the value the rule refuses.
  const schema = z
    .object({ name: z.string().transform((name) => name.toUpperCase()).refine((name) => name !== 'NO', 'name: not NO') })
    .strict();
  const app = Fastify({ schemaController: lazySchemaController });
  let handled = 0;
  app.post('/t', { schema: route('t', 's', { body: zodBody(schema, parseIndexedFields), response: { 200: obj({ name: str() }) } }) }, async (request) => {
    handled += 1;
    return request.body;
  });
  app.post('/plain', { schema: route('t', 's', { body: obj({ name: str() }), response: { 200: obj({ name: str() }) } }) }, async (request) => request.body);
  try {
    expect((await app.inject({ method: 'POST', url: '/t', payload: { name: 'abc' } })).json()).toEqual({ name: 'ABC' });
    // Refused at the validation step with zod's message (the app's error handler makes it a 400: here, bare
    // Fastify, the status is its default), before the handler.
    const refused = await app.inject({ method: 'POST', url: '/t', payload: { name: 'no' } });
    expect(refused.json().message).toContain('not NO');
    expect(handled).toBe(1);
    // A body schema zodBody did not make stays ajv's.
    expect((await app.inject({ method: 'POST', url: '/plain', payload: { name: 'abc' } })).json()).toEqual({ name: 'abc' });
  } finally {
    await app.close();
  }
});
