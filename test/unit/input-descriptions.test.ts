import { getMetadataStorage } from 'class-validator';
import Fastify, { type RouteOptions } from 'fastify';
import * as deviceInputs from '../../schema/device.input';
import * as loyaltyInputs from '../../schema/loyalty.input';
import * as orderProductInputs from '../../schema/order-product.input';
import * as orderInputs from '../../schema/order.input';
import * as seatBlockInputs from '../../schema/seat-block.input';
import { ShowtimeFilterArgs } from '../../schema/showtime.input';
import * as subscriptionInputs from '../../schema/subscription.input';
import * as webhookInputs from '../../schema/webhook.input';
import { buildMarqueeSchema } from '../../src/composition/graphql-schema';
import { loadConfig } from '../../src/config';
import { registerRest } from '../../src/rest';
import { bodyDescriptionOf, lazySchemaController } from '../../src/rest/schema-compilers';
import { bounded, REQUEST_LIMITS } from '../../src/rest/schemas';
import { jsonSchemaOf } from '../../src/rest/zod-body';

/**
 * One description per input (issue 27): every REST write body of /openapi.json is derived from the zod
 * schema that both surfaces parse with (src/services/<domain>/input.ts …), and Fastify validates it with
 * that schema, not with ajv. The REST layer is built as the server builds it, and every route it
 * registers is looked at, so a route added tomorrow with a hand-written body fails here.
 */

/** Bodies still written by hand, each with its reason. */
/** Bodies still written by hand, each with its reason: none since the movie lists' moved to zod. */
const HAND_WRITTEN: Record<string, string> = {};

type Schema = Record<string, unknown>;
const routes: { key: string; body: Schema }[] = [];
let document: { paths: Record<string, Record<string, { requestBody?: unknown }>> };

beforeAll(async () => {
  const app = Fastify({ schemaController: lazySchemaController });
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = (route.schema as { body?: Schema } | undefined)?.body;
    for (const method of ([] as string[]).concat(route.method)) if (body && method !== 'HEAD') routes.push({ key: `${method} ${route.url}`, body });
  });
  await registerRest(app, {
    config: loadConfig({}),
    database: {} as never,
    buildContext: () => Promise.reject(new Error('no request is made')),
    schema: await buildMarqueeSchema(),
  });
  await app.ready();
  document = app.swagger() as unknown as typeof document;
  await app.close();
}, 60_000);

test('every REST body of the OpenAPI document belongs to a registered route', () => {
  const inDocument = Object.values(document.paths).flatMap((item) => Object.values(item).filter((op) => op.requestBody));
  expect(inDocument).toHaveLength(routes.length);
  expect(routes.length).toBeGreaterThanOrEqual(21);
});

test('every write body is its zod description, published exactly and validated by it', () => {
  const handWritten = routes.filter((r) => !bodyDescriptionOf(r.body)).map((r) => r.key);
  expect(handWritten.sort()).toEqual(Object.keys(HAND_WRITTEN).sort());
  for (const { key, body } of routes) {
    const description = bodyDescriptionOf(body);
    if (!description) continue;
    // The published body is what the description derives: no rule written beside it, none lost.
    expect([key, body]).toEqual([key, jsonSchemaOf(description)]);
    // The description states every bound REST would otherwise add by default (REQUEST_LIMITS), so the
    // document promises no bound that the parse does not check.
    expect([key, bounded(body, REQUEST_LIMITS.bodyText)]).toEqual([key, body]);
    // zodBody registers the body's zod parse with its description, so Fastify's validator step runs
    // that parse, not ajv (test/unit/zod-body.test.ts shows it through Fastify).
  }
});

test('the GraphQL write inputs carry no rules of their own: their resolvers parse them with the same zod schemas', () => {
  const inputs = [orderInputs, orderProductInputs, subscriptionInputs, webhookInputs, seatBlockInputs, loyaltyInputs, deviceInputs];
  const classes = inputs.flatMap((m) => Object.values(m)).filter((v): v is new () => unknown => typeof v === 'function');
  expect(classes.length).toBeGreaterThanOrEqual(20);
  const hasRules = (c: new () => unknown) => getMetadataStorage().getTargetValidationMetadatas(c, '', false, false).length > 0;
  // The check sees a rule where there is one: the showtime filters (read arguments) keep theirs.
  expect(hasRules(ShowtimeFilterArgs)).toBe(true);
  expect(classes.filter(hasRules).map((c) => c.name)).toEqual([]);
});
