/**
 * Which credential each REST operation needs: one rule table that both enforces it (a route hook,
 * before the body is read) and declares it (the operation's `security` in /openapi.json), so the
 * document cannot promise less than the route demands. docs/rest.md ("Credentials") states the rules.
 *
 * The hook checks only that the credential is there: the kind the rule names (a vendor key, an account
 * token, an account token with the admin scope). Whose order, account or card it may reach is the
 * services' decision (403, or the same 404 as an unknown id), as before.
 */

import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Principal } from '../auth/principal';
import { forbidden, unauthenticated } from '../errors';
import { CARD_ID_PATTERN, ID_FORM_WRITE_RULE } from '../services/loyalty';
import type { RestKit } from './kit';
import { specPathOf, type SECURITY_SCHEMES } from './openapi';

type Scheme = keyof typeof SECURITY_SCHEMES;
/** One OpenAPI security requirement: every scheme it names (with its roles) is needed together. */
export type Requirement = Partial<Record<Scheme, string[]>>;
/** Alternatives: any one requirement satisfies; `[]` (or a `{}` alternative) is public. */
export type Security = Requirement[];

/** The credential kinds the rules use. */
export const CREDENTIALS = {
  none: [] as Security,
  vendor: [{ vendorKey: [] }] as Security,
  /** An account token (an admin's too: admin is a scope of an account token). */
  account: [{ bearerAuth: [] }] as Security,
  admin: [{ bearerAuth: ['admin'] }] as Security,
  vendorOrAccount: [{ vendorKey: [] }, { bearerAuth: [] }] as Security,
  /** Lookups by a personal identifier (e-mail, phone, card number): a vendor key or an admin token. */
  vendorOrAdmin: [{ vendorKey: [] }, { bearerAuth: ['admin'] }] as Security,
  /** Order writes: a vendor key, optionally with the token of the account it acts for. */
  vendorWithOptionalAccount: [{ vendorKey: [] }, { vendorKey: [], bearerAuth: [] }] as Security,
  /** Writes through a card's `id-{cardId}` that need a vendor: a vendor key with an account token (the holder's or an admin's). */
  vendorWithAccount: [{ vendorKey: [], bearerAuth: [] }] as Security,
  /** The same for writes an admin may do alone (campaign registrations): or an admin token. */
  vendorWithAccountOrAdmin: [{ vendorKey: [], bearerAuth: [] }, { bearerAuth: ['admin'] }] as Security,
};

/**
 * A credential that depends on a parameter. `query`: the variant of the query parameter that comes
 * first in the request's query string among the variants' names (the spec: "only the first is
 * recognized"). `path`: the first variant whose pattern the path value matches (no pattern: any).
 * When no variant applies (none of the query parameters given), the route answers (400).
 */
export interface Variant {
  in: 'query' | 'path';
  /** The parameter's name as the route writes it (Fastify's name for a path parameter). */
  name: string;
  pattern?: RegExp;
  security: Security;
  /** Why the variant asks what it does: appended to its 401/403 message. */
  because?: string;
}

interface Rule {
  /** Matched against the route's own URL (`/v2/orders/:orderId`). */
  path: RegExp;
  /** GET covers HEAD; none: every method. */
  methods?: string[];
  security?: Security;
  variants?: Variant[];
}

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** A card path value `id-{cardId}`: how links name a card whose number the response may not echo. */
const byCardId = (security: Security, because?: string): Variant => ({ in: 'path', name: 'cardNumber', pattern: CARD_ID_PATTERN, security, because });
const byCardNumber = (security: Security): Variant => ({ in: 'path', name: 'cardNumber', security });
const contactVariants = (security: Security): Variant[] =>
  ['email-address', 'phone-number', 'subscriber-guid'].map((name) => ({ in: 'query', name, security }));

/**
 * design.md's "Auth" and docs/auth.md, by route: the first rule that matches a route is its rule. A
 * route no rule names stops the server at start (the catalog reads are named area by area).
 */
export const AUTH_RULES: Rule[] = [
  // Orders: by token anyone holding it; reads the vendor's own, the account's own or an admin's; writes a vendor.
  { path: /^\/v2\/orders\/token-/, methods: ['GET'], security: CREDENTIALS.none },
  { path: /^\/v2\/orders(\/|$)/, methods: ['GET'], security: CREDENTIALS.vendorOrAccount },
  { path: /^\/v2\/orders(\/|$)/, security: CREDENTIALS.vendorWithOptionalAccount },
  // Account data: the owner's token or an admin's.
  { path: /^\/v\d\/site-accounts\//, security: CREDENTIALS.account },
  { path: /^\/v1\/devices\//, security: CREDENTIALS.account },
  // Admin writes.
  { path: /^\/v1\/movie-lists/, methods: WRITES, security: CREDENTIALS.admin },
  { path: /^\/v2\/showtimes\/:id\/cancellation$/, security: CREDENTIALS.admin },
  // Loyalty: point-of-sale actions need a vendor; identifier lookups a vendor or an admin; by id any credential.
  // A write through `id-{cardId}` proves no knowledge of the number: the holder's token (or an admin's) besides.
  {
    path: /^\/v4\/loyalty-cards\/:cardNumber\/(earn-for-items|waive-fees)$/,
    variants: [byCardId(CREDENTIALS.vendorWithAccount, ID_FORM_WRITE_RULE), byCardNumber(CREDENTIALS.vendor)],
  },
  { path: /^\/v4\/loyalty-cards\/validations$/, security: CREDENTIALS.vendorOrAdmin },
  {
    path: /^\/v4\/loyalty-cards$/,
    methods: ['GET'],
    variants: [
      { in: 'query', name: 'loyalty-account-id', security: CREDENTIALS.vendorOrAccount },
      { in: 'query', name: 'email', security: CREDENTIALS.vendorOrAdmin },
    ],
  },
  {
    // A card named by `id-{cardId}` (links use it when the number may not be echoed) takes holder rights.
    path: /^\/v\d\/loyalty-cards\/:cardNumber(\/|$)/,
    methods: ['GET'],
    variants: [
      byCardId(CREDENTIALS.vendorOrAccount),
      byCardNumber(CREDENTIALS.vendorOrAdmin),
    ],
  },
  // A loyalty account by its card's `id-{cardId}` is a lookup by id (holder rights); its campaign registration a write through it.
  {
    path: /^\/v4\/loyalty-accounts\/card-:cardNumber$/,
    methods: ['GET'],
    variants: [byCardId(CREDENTIALS.vendorOrAccount), byCardNumber(CREDENTIALS.vendorOrAdmin)],
  },
  {
    path: /^\/v4\/loyalty-accounts\/card-:cardNumber\//,
    methods: ['POST'],
    variants: [byCardId(CREDENTIALS.vendorWithAccountOrAdmin, ID_FORM_WRITE_RULE), byCardNumber(CREDENTIALS.vendorOrAdmin)],
  },
  { path: /^\/v4\/loyalty-accounts\/(email|card|phone)-/, security: CREDENTIALS.vendorOrAdmin },
  { path: /^\/v4\/loyalty-accounts\/:/, security: CREDENTIALS.vendorOrAccount },
  // Subscriptions: the catalog is public; anything about a contact needs a vendor key or the account's token.
  {
    path: /^\/v2\/subscriptions$/,
    methods: ['GET'],
    variants: [{ in: 'query', name: 'audience', security: CREDENTIALS.none }, ...contactVariants(CREDENTIALS.vendorOrAccount)],
  },
  { path: /^\/v2\/subscriptions\/:subscriptionName$/, methods: ['GET'], security: CREDENTIALS.none },
  { path: /^\/v2\/(subscriptions|subscriber-profiles)(\/|$)/, security: CREDENTIALS.vendorOrAccount },
  // Webhooks: a vendor's own subscriptions.
  { path: /^\/v1\/webhooks(\/|$)/, security: CREDENTIALS.vendor },
  // The public catalog, area by area: a read of an area no rule names stops the server at start
  // (fail closed), so a new route of account data cannot become public by omission.
  {
    path: /^\/v\d\/(refund-reasons|attributes|attribute-groups|movie|movies|movie-lists|markets|theatres|locations|media|images|showtimes|seating-layouts|concessions|webhook-events)(\/|$)/,
    methods: ['GET'],
    security: CREDENTIALS.none,
  },
];

function ruleOf(method: string, url: string): Rule | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return AUTH_RULES.find((r) => r.path.test(url) && (!r.methods || r.methods.includes(m)));
}

const isPublic = (security: Security) => security.length === 0 || security.some((r) => Object.keys(r).length === 0);

/** Whether `a` asks for at least everything `b` asks for (so `b` alone would do wherever `a` does). */
function covers(a: Requirement, b: Requirement): boolean {
  return (Object.keys(b) as Scheme[]).every((s) => a[s] !== undefined && (b[s] ?? []).every((role) => a[s]!.includes(role)));
}

/**
 * The alternatives of every variant together, as the operation's `security`: a public variant adds
 * `{}` (credentials optional), and an alternative another one already covers is left out.
 */
export function unionOf(securities: Security[]): Security {
  const all = securities.flatMap((s) => (s.length === 0 ? [{}] : s));
  const out: Security = [];
  for (const r of all) {
    if (out.some((o) => JSON.stringify(o) === JSON.stringify(r))) continue;
    const empty = Object.keys(r).length === 0;
    if (!empty && all.some((o) => Object.keys(o).length > 0 && o !== r && covers(r, o) && !covers(o, r))) continue;
    out.push(r);
  }
  return out;
}

type Met = 'yes' | 'role' | 'token' | 'no';

/**
 * Whether the principal holds what `r` asks: everything; every scheme but a role of its account token
 * (`role`); the vendor key but not the account token asked besides (`token`); or not (`no`).
 */
function meets(p: Principal, r: Requirement): Met {
  let result: Met = 'yes';
  for (const [scheme, roles] of Object.entries(r) as [Scheme, string[]][]) {
    if (scheme === 'vendorKey' && p.vendorId === null) return 'no';
    if (scheme === 'bearerAuth') {
      if (p.accountId === null) {
        if (r.vendorKey === undefined) return 'no';
        result = 'token';
      } else if (roles.some((role) => role !== 'admin' || !p.isAdmin)) result = 'role';
    }
  }
  return result;
}

const SCHEME_WORDS: Record<Scheme, string> = { vendorKey: 'an X-Vendor-Key', bearerAuth: 'an account token (Authorization: Bearer)' };

/** "an X-Vendor-Key, or an admin account token (Authorization: Bearer)" */
export function describeSecurity(security: Security): string {
  return security
    .map((r) =>
      (Object.entries(r) as [Scheme, string[]][])
        .map(([s, roles]) => (roles.length ? SCHEME_WORDS[s].replace('an account', `an ${roles.join(' ')} account`) : SCHEME_WORDS[s]))
        .join(' with '),
    )
    .join(', or ');
}

/**
 * Throws 401 when no alternative of `security` is met; 403 when the caller is known but not enough:
 * each alternative lacks only a role of its account token (a token without admin), or one takes the
 * vendor key presented but needs an account token besides (a vendor alone where the holder must act).
 * `because` (a variant's reason) ends the message.
 */
export function assertSecurity(principal: Principal, security: Security, what: string, because?: string): void {
  if (isPublic(security)) return;
  const met = security.map((r) => meets(principal, r));
  if (met.includes('yes')) return;
  const message = `${what} needs ${describeSecurity(security)}${because ? `. ${because}` : ''}`;
  if (met.every((m) => m === 'role') || met.includes('token')) throw forbidden(message);
  throw unauthenticated(message);
}

/** The variant that decides a request (undefined: none applies; the route answers). */
export function variantOf(variants: Variant[], request: FastifyRequest): Variant | undefined {
  const queryVariants = variants.filter((v) => v.in === 'query');
  if (queryVariants.length > 0) {
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    for (const [name] of search) {
      const found = queryVariants.find((v) => v.name === name);
      if (found) return found;
    }
  }
  const params = (request.params ?? {}) as Record<string, string>;
  return variants.find((v) => v.in === 'path' && params[v.name] !== undefined && (!v.pattern || v.pattern.test(params[v.name])));
}

/** The document's form of the variants: names as the document spells them, patterns as text. */
function documentedVariants(url: string, variants: Variant[]) {
  const { names } = specPathOf(url);
  return variants.map((v) => ({
    in: v.in,
    name: v.in === 'path' ? (names[v.name] ?? v.name) : v.name,
    ...(v.pattern ? { pattern: v.pattern.source } : {}),
    security: v.security,
  }));
}

const applied = Symbol('auth rule applied');

/**
 * Applies AUTH_RULES to every route registered in `app` after this call: the route's schema gets the
 * rule's `security` (and, for parameter-dependent credentials, `x-security-variants` and a sentence
 * of description), and an onRequest hook that answers 401/403 before the body is read or validated.
 */
export function installAuthRules(app: FastifyInstance, kit: RestKit): void {
  app.addHook('onRoute', (route: RouteOptions & { [applied]?: true }) => {
    if (route[applied]) return;
    route[applied] = true;
    const methods = ([] as string[]).concat(route.method);
    const rules = new Set(methods.map((m) => ruleOf(m, route.url)));
    const [rule] = rules;
    if (!rule || rules.size !== 1) {
      throw new Error(`No single auth rule for ${methods.join(',')} ${route.url}: add one to AUTH_RULES in src/rest/auth-rules.ts`);
    }
    const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const variants = (rule.variants ?? []).filter((v) => v.in === 'query' || params.includes(v.name));
    if (rule.variants && variants.length === 0) throw new Error(`The auth rule of ${route.url} names none of its parameters`);
    const security = rule.security ?? unionOf(variants.map((v) => v.security));
    const schema = { ...(route.schema ?? {}) } as Record<string, unknown>;
    schema.security = security;
    if (variants.length > 0) {
      const documented = documentedVariants(route.url, variants);
      schema['x-security-variants'] = documented;
      const sentence =
        'Credentials depend on the parameters (`x-security-variants`, first that applies): ' +
        documented
          .map((v) => `${v.in} \`${v.name}\`${v.pattern ? ` matching \`${v.pattern}\`` : ''}: ${isPublic(v.security) ? 'none' : describeSecurity(v.security)}`)
          .join('; ') +
        '.';
      schema.description = schema.description ? `${String(schema.description)}\n\n${sentence}` : sentence;
    }
    route.schema = schema;
    if (isPublic(security) && variants.length === 0) return;
    const what = `${methods[0]} ${specPathOf(route.url).path}`;
    const check = async (request: FastifyRequest) => {
      const variant = variants.length > 0 ? variantOf(variants, request) : undefined;
      const needed = variants.length > 0 ? variant?.security : security;
      if (!needed || isPublic(needed)) return;
      assertSecurity((await kit.context(request)).principal, needed, what, variant?.because);
    };
    route.onRequest = [...([] as unknown[]).concat(route.onRequest ?? []), check] as RouteOptions['onRequest'];
  });
}
