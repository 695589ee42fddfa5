import type { FastifyInstance } from 'fastify';
import { closeLoyalty, getLinkedLoyaltyAccount, getLoyaltyAccount, registerCampaign, type AccountKey, type RegistrationResult } from '../services/loyalty';
import type { Hal } from './hal';
import type { RestKit } from './kit';
import { id, int, links, nstr, obj, params, route, str } from './schemas';
import { loyaltyAccountPath, loyaltyAccountSchema, toLoyaltyAccountHal } from './shapes/loyalty';
import { component } from './openapi';

const registrationSchema = component('LoyaltyCampaignRegistration', obj({
  loyaltyAccountId: int(),
  campaign: obj({ code: str(), name: str(), description: str(), startDateUtc: str(), endDateUtc: nstr() }),
  registeredDateUtc: str(),
  _links: links(['loyalty-account']),
}));

const closeSchema = component('CloseLoyaltyAccountResult', obj({
  siteAccountId: int(),
  loyaltyAccountId: int(),
  status: str('Closed'),
  statusInfo: str('Closed'),
  closedCards: int('Cards closed with the account.'),
  closedDateUtc: str(),
  _links: links(['loyalty-account', 'orders']),
}));

/** A registration has no resource of its own: its links lead to the loyalty account (by id, never by e-mail). */
function toRegistrationHal(hal: Hal, r: RegistrationResult) {
  const account = hal.link(loyaltyAccountPath(r.loyaltyAccountId));
  return { ...r, _links: { self: account, 'loyalty-account': account } };
}

const lookups: { path: string; summary: string; operationId: string; param: string; key: (v: string) => AccountKey }[] = [
  { path: 'email-:email', summary: 'A loyalty account by e-mail', operationId: 'getLoyaltyAccountByEmail', param: 'email', key: (v) => ({ by: 'email', email: v }) },
  { path: 'card-:cardNumber', summary: 'A loyalty account by card number', operationId: 'getLoyaltyAccountByCard', param: 'cardNumber', key: (v) => ({ by: 'card', cardNumber: v }) },
  { path: 'phone-:phone', summary: 'A loyalty account by mobile number', operationId: 'getLoyaltyAccountByPhone', param: 'phone', key: (v) => ({ by: 'phone', phone: v }) },
];

/**
 * Loyalty accounts v4: by id, e-mail, card or phone; campaign registration by e-mail or card; closing
 * loyalty of a site account. Rights and the one 404: src/services/loyalty/access.ts.
 */
export async function loyaltyAccountRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.get<{ Params: { loyaltyAccountId: number } }>(
    '/v4/loyalty-accounts/:loyaltyAccountId',
    {
      schema: {
        ...route('Loyalty accounts', 'A loyalty account by id (the holder, an admin, or a related vendor; else 404)', {
          params: params({ loyaltyAccountId: id('Loyalty account id.') }),
          response: { 200: loyaltyAccountSchema },
        }),
        operationId: 'getLoyaltyAccount',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const account = await getLoyaltyAccount(ctx.db, ctx.principal, { by: 'id', id: request.params.loyaltyAccountId });
      return toLoyaltyAccountHal(kit.hal(request), account);
    },
  );

  for (const lookup of lookups) {
    app.get<{ Params: Record<string, string> }>(
      `/v4/loyalty-accounts/${lookup.path}`,
      {
        schema: {
          ...route('Loyalty accounts', `${lookup.summary} (vendor key; the same 404 for unknown and not yours)`, {
            params: params({ [lookup.param]: str() }),
            response: { 200: loyaltyAccountSchema },
          }),
          operationId: lookup.operationId,
        },
      },
      async (request) => {
        const ctx = await kit.context(request);
        const account = await getLoyaltyAccount(ctx.db, ctx.principal, lookup.key(request.params[lookup.param]));
        return toLoyaltyAccountHal(kit.hal(request), account);
      },
    );
  }

  for (const lookup of lookups.slice(0, 2)) {
    app.post<{ Params: Record<string, string> }>(
      `/v4/loyalty-accounts/${lookup.path}/:campaign/registration`,
      {
        schema: {
          ...route('Loyalty accounts', `Register for a campaign, ${lookup.summary.replace('A loyalty account ', 'the account ')} (no body; idempotent)`, {
            params: params({ [lookup.param]: str(), campaign: str('Campaign code, URL-encoded.') }),
            response: { 200: registrationSchema },
          }),
          operationId: lookup.operationId.replace('getLoyaltyAccount', 'registerLoyaltyCampaign'),
        },
      },
      async (request) => {
        const ctx = await kit.context(request);
        const result = await registerCampaign(ctx.db, ctx.principal, lookup.key(request.params[lookup.param]), request.params.campaign);
        return toRegistrationHal(kit.hal(request), result);
      },
    );
  }

  app.get<{ Params: { siteAccountId: number } }>(
    '/v4/site-accounts/:siteAccountId/loyalty',
    {
      schema: {
        ...route('Loyalty accounts', 'The loyalty account linked to a site account (own token or admin; 404 when none)', {
          params: params({ siteAccountId: id('Site account id.') }),
          response: { 200: loyaltyAccountSchema },
        }),
        operationId: 'getSiteAccountLoyalty',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const account = await getLinkedLoyaltyAccount(ctx.db, ctx.principal, request.params.siteAccountId);
      return toLoyaltyAccountHal(kit.hal(request), account);
    },
  );

  app.delete<{ Params: { siteAccountId: number } }>(
    '/v4/site-accounts/:siteAccountId/loyalty',
    {
      schema: {
        ...route('Loyalty accounts', 'Unlink the loyalty account from the site account and close it (own token or admin); orders stay', {
          params: params({ siteAccountId: id('Site account id.') }),
          response: { 200: closeSchema },
        }),
        operationId: 'closeLoyalty',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const result = await closeLoyalty(ctx.db, ctx.principal, request.params.siteAccountId);
      const hal = kit.hal(request);
      return {
        ...result,
        _links: {
          self: hal.link(`/v4/site-accounts/${result.siteAccountId}/loyalty`),
          'loyalty-account': hal.link(loyaltyAccountPath(result.loyaltyAccountId)),
          orders: hal.link(`/v2/site-accounts/${result.siteAccountId}/orders/`),
        },
      };
    },
  );
}
