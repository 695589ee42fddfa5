/**
 * HTTP caching, one policy for both surfaces (docs/rest.md "Caching", docs/decisions.md "HTTP caching").
 * A policy is Apollo Server's cache hint: a `maxAge` in seconds and a scope. GraphQL computes a response's
 * policy from the hints of the fields it selects (src/graphql/cache-control.ts), REST takes its route's
 * (src/rest/cache-rules.ts); both render it with `cacheControlValue` from the classes below.
 */

export type CacheScope = 'PUBLIC' | 'PRIVATE';

/** Apollo's `@cacheControl` arguments. `inheritMaxAge`: a field of this type adds no maxAge of its own. */
export interface CacheHint {
  maxAge?: number;
  scope?: CacheScope;
  inheritMaxAge?: true;
}

/**
 * The kinds of data and how long a copy of them may be served. Availability (sold-out flags) changes
 * with every sale, so it is kept at most 30 s; an account's data is the account's alone (a browser, not
 * a shared cache); seat maps, orders and webhooks change under the client's own writes: not stored.
 */
export const CACHE_CLASSES = {
  /** Movies, theatres, markets, locations, media, attributes, concessions, layouts, reference data. */
  catalog: { maxAge: 300, scope: 'PUBLIC' },
  /** Showtimes and showtime lists (times, cancellations, pickup times). */
  showtimes: { maxAge: 60, scope: 'PUBLIC' },
  /** Where availability shows: sold-out and almost-sold-out flags. */
  availability: { maxAge: 30, scope: 'PUBLIC' },
  /** Anything of an account: its profile, wallet, loyalty, devices, personalized lists. */
  account: { maxAge: 30, scope: 'PRIVATE' },
  /** Seat maps, orders, webhooks, mutations, subscriptions: `no-store`. */
  live: { maxAge: 0 },
} satisfies Record<string, CacheHint>;

export type CacheClass = keyof typeof CACHE_CLASSES;

/** Apollo's CachePolicy: `restrict` keeps the most restrictive of two (lower maxAge, PRIVATE over PUBLIC). */
export class CachePolicy implements CacheHint {
  maxAge?: number;
  scope?: CacheScope;

  restrict(hint: CacheHint): void {
    if (hint.maxAge !== undefined && (this.maxAge === undefined || hint.maxAge < this.maxAge)) this.maxAge = hint.maxAge;
    if (hint.scope === 'PRIVATE') this.scope = 'PRIVATE';
  }

  /** Sets every part `hint` sets (a field's hint over its type's). */
  replace(hint: CacheHint): void {
    if (hint.maxAge !== undefined) this.maxAge = hint.maxAge;
    if (hint.scope !== undefined) this.scope = hint.scope;
  }
}

/** The request headers that identify a caller; an answer to a request carrying one is never public. */
export const CREDENTIAL_HEADERS = ['authorization', 'x-vendor-key'] as const;

/** What every cacheable answer varies with: the credential headers (they change its Cache-Control at least). */
export const VARY_CREDENTIALS = 'Authorization, X-Vendor-Key';

/** Whether a request carried a credential header (any value: the answer may depend on it). */
export function carriesCredentials(header: (name: string) => unknown): boolean {
  return CREDENTIAL_HEADERS.some((name) => {
    const value = header(name);
    return value !== undefined && value !== null;
  });
}

/**
 * The Cache-Control value of a policy, as Apollo Server writes it (`max-age=N, public|private`, and
 * `no-store` when maxAge is 0 or unset: Apollo 4+'s default). A credentialed request never gets `public`.
 */
export function cacheControlValue(policy: CacheHint, credentialed: boolean): string {
  if (!policy.maxAge || policy.maxAge <= 0) return 'no-store';
  const scope = policy.scope === 'PRIVATE' || credentialed ? 'private' : 'public';
  return `max-age=${policy.maxAge}, ${scope}`;
}

/** `current` with the names in `add` appended, each once (case-insensitive), so CORS's `Origin` stays. */
export function appendVary(current: unknown, add: string): string {
  const names = String(current ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.includes('*')) return '*';
  for (const name of add.split(',').map((s) => s.trim())) {
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names.join(', ');
}
