import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badInput, notFound } from '../errors';
import { piiKeys } from '../pii';
import {
  assertContactCredentials,
  audienceFromQuery,
  catalogEntry,
  catalogView,
  CONTACT_PARAMETERS,
  contactFromQuery,
  getChannelStatus,
  getSubscriberProfile,
  listContactSubscriptions,
  optIn,
  optInBodySchema,
  optOut,
  optOutAll,
  parseContact,
  parseRouteContact,
  subscriptionsForAudience,
  type ChannelTarget,
  type ContactKind,
  type OptInInput,
  type SubscriptionView,
} from '../services/subscription';
import { parseBody } from '../services/shared/parse-input';
import { zodBody } from './schema-compilers';
import type { Links } from './hal';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, slicePage, type PagingQuery } from './paging';
import { arr, int, obj, paged, params, query, route, str } from './schemas';
import { channelSchema, optOutAllLinks, profileSchema, subscriptionSchema, toChannel, toProfile, toSubscription } from './shapes/subscription';
import { component } from './openapi';

type Schema = Record<string, unknown>;
const TAG = 'Subscriptions';
const op = (operationId: string, schema: Schema): Schema => ({ ...schema, operationId });

const contactQuery = {
  'email-address': str('A contact e-mail address.'),
  'phone-number': str('A contact mobile number: 10 digits, optionally with a leading 1 or +1, as (212) 555-0001, 212-555-0001 or 212.555.0001.'),
  'subscriber-guid': str('A subscriber guid.'),
};

/**
 * The recognized parameter that comes first in the request's own query string (the spec: "only the
 * first is recognized"), read from the raw URL because a parsed object does not promise the order.
 */
function firstParameter(request: FastifyRequest, names: readonly string[]): { name: string; value: string } | null {
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  for (const [name, value] of search) if (names.includes(name)) return { name, value };
  return null;
}

const channelParams = params({
  subscriptionName: str('The subscription name (`{subscription-name}`).'),
  channelType: str('email, sms or smsConfirm (`{channel-type}`); anything else is 404.'),
  contact: str('An e-mail address (email channels), a mobile number (SMS channels: 10 digits, a leading 1 or +1 and the usual punctuation allowed) or a subscriber guid; an ill-formatted or unknown one is 404.'),
});
type ChannelParams = { subscriptionName: string; channelType: string; contact: string };

/** The target of a per-contact path; an ill-formatted contact is 404 (the spec's route-value rule). */
function targetOf(p: ChannelParams): ChannelTarget {
  const contact = parseRouteContact(p.contact);
  if (!contact) throw notFound('Contact', '(given)');
  return { subscriptionName: p.subscriptionName, channelType: p.channelType, contact };
}

/** The opt-in body: a misspelled `confirmationCode` must not read as "no code" (which issues a new one), so an unknown field is a 400 naming it. */
const optInBody = zodBody(optInBodySchema, parseBody);

const subscriptionPageSchema = component('SubscriptionPage', paged({ _embedded: obj({ subscriptions: arr(subscriptionSchema) }) }));
const optOutAllResultSchema = component('OptOutAllResult', obj({ optedOutCount: int('Enrolments that ended (0 when none was active).') }));

/** Subscriptions (v2): the catalog, a contact's subscriptions and profile, opt in / status / opt out. */
export async function subscriptionRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.get<{ Querystring: PagingQuery & Record<string, string> }>(
    '/v2/subscriptions',
    {
      schema: op('listSubscriptions', route(TAG, 'Subscriptions of a contact or an audience; the first of the parameters is recognized', {
        querystring: query({ ...contactQuery, audience: str('guest or stubs: the catalog of that audience.'), ...pagingQuery }),
        response: { 200: subscriptionPageSchema },
      })),
    },
    async (request) => {
      const first = firstParameter(request, [...Object.keys(CONTACT_PARAMETERS), 'audience']);
      if (!first) throw badInput('One of email-address, phone-number, audience or subscriber-guid is required', 'email-address');
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const catalog = await ctx.loaders.subscriptionCatalog();
      const page = pageOf(request.query);
      let views: SubscriptionView[];
      let optOut: Links = {};
      if (first.name === 'audience') {
        views = subscriptionsForAudience(catalog, audienceFromQuery(first.value));
      } else {
        const ref = contactFromQuery(first.name, first.value);
        const result = await listContactSubscriptions(ctx.db, ctx.principal, catalog, ref);
        views = result.subscriptions;
        // Opt-out-all links only for a known subscriber (an unknown contact has nothing to opt out of), and
        // only by the identifier sent: a number never leads to the e-mail address on file.
        optOut = optOutAllLinks(hal, ref, result.resolved.subscriber !== null);
      }
      const fields = pagedFields(request, hal, page, views.length);
      return {
        ...fields,
        _links: { ...fields._links, ...optOut },
        _embedded: { subscriptions: slicePage(views, page).map((v) => toSubscription(hal, v)) },
      };
    },
  );

  app.get<{ Params: { subscriptionName: string } }>(
    '/v2/subscriptions/:subscriptionName',
    {
      schema: op('getSubscription', route(TAG, 'One subscription', {
        params: params({ subscriptionName: str('The subscription name (`{subscription-name}`).') }),
        response: { 200: subscriptionSchema },
      })),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const entry = catalogEntry(await ctx.loaders.subscriptionCatalog(), request.params.subscriptionName);
      return toSubscription(kit.hal(request), catalogView(entry));
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    '/v2/subscriber-profiles',
    {
      schema: op('getSubscriberProfile', route(TAG, "A contact's profile: its identifiers and the subscriptions it is enrolled in", {
        querystring: query(contactQuery),
        response: { 200: profileSchema },
      })),
    },
    async (request) => {
      const first = firstParameter(request, Object.keys(CONTACT_PARAMETERS));
      if (!first) throw badInput('One of email-address, phone-number or subscriber-guid is required', 'email-address');
      const ctx = await kit.context(request);
      const catalog = await ctx.loaders.subscriptionCatalog();
      const sent = contactFromQuery(first.name, first.value);
      const profile = await getSubscriberProfile(ctx.db, ctx.principal, catalog, sent);
      return toProfile(kit.hal(request), request.url, sent, profile);
    },
  );

  const path = '/v2/subscriptions/:subscriptionName/:channelType/:contact';
  app.get<{ Params: ChannelParams }>(
    path,
    { schema: op('getSubscriptionChannelStatus', route(TAG, "A contact's membership of one channel", { params: channelParams, response: { 200: channelSchema } })) },
    async (request) => {
      const ctx = await kit.context(request);
      assertContactCredentials(ctx.principal);
      const view = await getChannelStatus(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), targetOf(request.params));
      return toChannel(kit.hal(request), view);
    },
  );

  app.post<{ Params: ChannelParams; Body: OptInInput | null }>(
    path,
    {
      schema: op('optInSubscriptionChannel', route(TAG, 'Opt a contact in (201 + Location when newly enrolled, else 200); confirms a pending SMS opt-in', {
        params: channelParams,
        body: optInBody,
        response: { 200: channelSchema, 201: channelSchema },
      })),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      assertContactCredentials(ctx.principal);
      const { view, created } = await optIn(
        ctx.db,
        ctx.principal,
        piiKeys(ctx.config.PII_KEY),
        await ctx.loaders.subscriptionCatalog(),
        targetOf(request.params),
        request.body ?? {},
      );
      const body = toChannel(kit.hal(request), view);
      if (!created) return body;
      return reply.status(201).header('location', body._links.self.href).send(body);
    },
  );

  app.delete<{ Params: ChannelParams }>(
    path,
    { schema: op('optOutSubscriptionChannel', route(TAG, 'Opt a contact out of one channel', { params: channelParams, response: { 200: channelSchema } })) },
    async (request) => {
      const ctx = await kit.context(request);
      assertContactCredentials(ctx.principal);
      const view = await optOut(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), targetOf(request.params));
      return toChannel(kit.hal(request), view);
    },
  );

  const optOutAllRoute = (suffix: string, kind: ContactKind, param: string, operationId: string, what: string) =>
    app.delete<{ Params: Record<string, string> }>(
      `/v2/subscriptions/${suffix}-:${param}`,
      {
        schema: op(operationId, route(TAG, `Opt out of every subscription ${what}`, {
          params: params({ [param]: str('The contact; an ill-formatted or unknown one is 404.') }),
          response: { 200: optOutAllResultSchema },
        })),
      },
      async (request) => {
        const ctx = await kit.context(request);
        assertContactCredentials(ctx.principal);
        const ref = parseContact(kind, request.params[param]);
        if (!ref) throw notFound('Contact', '(given)');
        const count = await optOutAll(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), ref);
        return { optedOutCount: count };
      },
    );
  optOutAllRoute('email-address', 'email', 'emailAddress', 'optOutAllByEmail', 'by e-mail (its e-mail channels)');
  optOutAllRoute('phone-number', 'phone', 'phoneNumber', 'optOutAllByPhone', 'by mobile number (its SMS channels)');
  optOutAllRoute('subscriber-guid', 'guid', 'subscriberGuid', 'optOutAllBySubscriberGuid', 'of a subscriber (every channel)');
}
