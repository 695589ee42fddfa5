import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { vendors } from '../../db/schema';
import { DomainError } from '../errors';

/** Who is calling: a vendor application (by key), a site account (by JWT), both, or nobody. */
export interface Principal {
  vendorId: number | null;
  accountId: number | null;
  isAdmin: boolean;
  /** When the account token expires (epoch ms); null without a token. A WebSocket closes then. */
  tokenExpiresAt: number | null;
}

export const ANONYMOUS: Principal = { vendorId: null, accountId: null, isAdmin: false, tokenExpiresAt: null };

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

/**
 * Resolves the principal of a request from `X-Vendor-Key` and `Authorization: Bearer`.
 * A credential that is present but wrong is an error (401), never silently anonymous.
 */
export async function resolvePrincipal(db: Db, secret: string, headers: CredentialHeaders): Promise<Principal> {
  const principal: Principal = { ...ANONYMOUS };
  if (headers.vendorKey) {
    const [vendor] = await db
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.keyHash, hashVendorKey(headers.vendorKey)))
      .limit(1);
    if (!vendor) throw new DomainError('UNAUTHENTICATED', 'Unknown vendor key');
    principal.vendorId = vendor.id;
  }
  if (headers.authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(headers.authorization);
    if (!match) throw new DomainError('UNAUTHENTICATED', 'Authorization must be "Bearer <token>"');
    try {
      const { payload } = await jwtVerify(match[1], new TextEncoder().encode(secret), { algorithms: ['HS256'] });
      const accountId = Number(payload.sub);
      if (!Number.isInteger(accountId) || accountId <= 0) throw new Error('bad sub');
      principal.accountId = accountId;
      principal.tokenExpiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : null;
      principal.isAdmin = String(payload.scope ?? '')
        .split(/\s+/)
        .includes('admin');
    } catch {
      throw new DomainError('UNAUTHENTICATED', 'Invalid or expired token');
    }
  }
  return principal;
}
