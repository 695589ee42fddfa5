import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { sharedDb, type Db } from '../../db/client';
import { vendors } from '../../db/schema';
import { DomainError } from '../errors';

/** Who is calling: a vendor application (by key), a site account (by JWT), both, or nobody. */
export interface Principal {
  vendorId: number | null;
  accountId: number | null;
  isAdmin: boolean;
  /** When the account token stops being valid (epoch ms); null without a token. */
  tokenExpiresAt: number | null;
}

export const ANONYMOUS: Principal = { vendorId: null, accountId: null, isAdmin: false, tokenExpiresAt: null };

/** Scopes a token may carry. An unknown one is refused rather than ignored: it is a mistake or a probe. */
export const KNOWN_SCOPES: readonly string[] = ['admin'];
/** Site account ids are Postgres `integer`s. */
export const MAX_ACCOUNT_ID = 2_147_483_647;

/** Vendor keys are stored as SHA-256 hashes; the key itself is only ever seen by its vendor. */
export function hashVendorKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Mints an account token (HS256), as `npm run token` does. */
export async function signAccountToken(
  secret: string,
  accountId: number,
  options: { admin?: boolean; expiresIn?: string } = {},
): Promise<string> {
  return new SignJWT({ scope: options.admin ? 'admin' : '' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(accountId))
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '12h')
    .sign(new TextEncoder().encode(secret));
}

export interface CredentialHeaders {
  vendorKey?: string;
  authorization?: string;
}

/** How account tokens are checked: the HS256 secret and the longest lifetime accepted. */
export interface TokenSettings {
  secret: string;
  /** Longest `exp − iat` accepted, in ms (`JWT_MAX_LIFETIME`). */
  maxLifetimeMs: number;
}

/** What a verified token says about its caller. */
export interface AccountClaims {
  accountId: number;
  isAdmin: boolean;
  tokenExpiresAt: number;
}

const refused = (message: string) => new DomainError('UNAUTHENTICATED', message);

/**
 * Checks the claims of a token whose signature is verified (and `exp`, if present, not past — jose does
 * that). Every refusal is UNAUTHENTICATED with the reason; nothing is silently dropped.
 *
 * - `exp` is required: a token without one would be a credential forever.
 * - Its lifetime may not exceed `maxLifetimeMs`: measured from `iat`, or from now when `iat` is absent
 *   or in the future (so a future `iat` cannot stretch a short declared lifetime into a long validity).
 * - `scope`, if present, is a space-separated string of KNOWN_SCOPES (`""` is none); not an array.
 * - `sub` is a site account id written canonically (`/^[1-9][0-9]*$/`, at most MAX_ACCOUNT_ID): `"01"`
 *   or `"1e0"` would otherwise name account 1 under a different string.
 */
export function checkAccountClaims(payload: JWTPayload, maxLifetimeMs: number, nowMs = Date.now()): AccountClaims {
  if (typeof payload.exp !== 'number') throw refused('Token must carry an expiry (exp)');
  const expiresAt = payload.exp * 1000;
  const from = typeof payload.iat === 'number' ? Math.min(payload.iat * 1000, nowMs) : nowMs;
  if (expiresAt - from > maxLifetimeMs) {
    throw refused(`Token lifetime is longer than the maximum of ${Math.floor(maxLifetimeMs / 1000)} s`);
  }
  const scope: unknown = payload.scope ?? '';
  if (typeof scope !== 'string') throw refused('Token scope must be a space-separated string');
  const scopes = scope.split(' ').filter((s) => s !== '');
  const unknown = scopes.find((s) => !KNOWN_SCOPES.includes(s));
  if (unknown !== undefined) throw refused(`Token scope "${unknown.slice(0, 40)}" is not known`);
  const sub = payload.sub;
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub) || Number(sub) > MAX_ACCOUNT_ID) {
    throw refused('Token subject (sub) must be a site account id');
  }
  return { accountId: Number(sub), isAdmin: scopes.includes('admin'), tokenExpiresAt: expiresAt };
}

/**
 * How long a vendor key found in `vendors` is trusted by an instance without looking it up again
 * (docs/auth.md, "Vendor keys"): a key whose row is deleted or whose hash is replaced keeps working on
 * an instance that saw it for at most this long. Unknown keys are never cached, so a key provisioned
 * now works at once.
 */
export const VENDOR_KEY_CACHE_MS = 5_000;
/** Keys remembered per database at most (the oldest is dropped first). */
const VENDOR_KEY_CACHE_SIZE = 1_000;

/** Per database handle: vendor id by key hash, with the time the entry stops being trusted. */
const vendorKeyCache = new WeakMap<object, Map<string, { vendorId: number; until: number }>>();

/** Forgets every vendor key cached for `db` (tests that count statements per request; key rotation tooling). */
export function forgetVendorKeys(db: Db): void {
  vendorKeyCache.delete(sharedDb(db));
}

/** The vendor of a key: from the cache when looked up less than VENDOR_KEY_CACHE_MS ago, else from `vendors`. */
async function vendorOfKey(db: Db, key: string): Promise<number | null> {
  const hash = hashVendorKey(key);
  let cache = vendorKeyCache.get(sharedDb(db));
  if (!cache) vendorKeyCache.set(sharedDb(db), (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.vendorId;
  if (hit) cache.delete(hash);
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.keyHash, hash)).limit(1);
  if (!vendor) return null;
  if (cache.size >= VENDOR_KEY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(hash, { vendorId: vendor.id, until: Date.now() + VENDOR_KEY_CACHE_MS });
  return vendor.id;
}

/**
 * Resolves the principal of a request from `X-Vendor-Key` and `Authorization: Bearer`.
 * A credential that is present but wrong is an error (401), never silently anonymous.
 */
export async function resolvePrincipal(db: Db, tokens: TokenSettings, headers: CredentialHeaders): Promise<Principal> {
  const principal: Principal = { ...ANONYMOUS };
  if (headers.vendorKey) {
    const vendorId = await vendorOfKey(db, headers.vendorKey);
    if (vendorId === null) throw refused('Unknown vendor key');
    principal.vendorId = vendorId;
  }
  if (headers.authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(headers.authorization);
    if (!match) throw refused('Authorization must be "Bearer <token>"');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(match[1], new TextEncoder().encode(tokens.secret), { algorithms: ['HS256'] }));
    } catch (err) {
      throw refused(err instanceof joseErrors.JWTExpired ? 'Token has expired' : 'Invalid token');
    }
    const claims = checkAccountClaims(payload, tokens.maxLifetimeMs);
    principal.accountId = claims.accountId;
    principal.isAdmin = claims.isAdmin;
    principal.tokenExpiresAt = claims.tokenExpiresAt;
  }
  return principal;
}
