import type { JWTPayload } from 'jose';
import { checkAccountClaims } from '../../src/auth/principal';
import { DomainError } from '../../src/errors';

/** The claims an account token must carry (src/auth/principal.ts `checkAccountClaims`). */

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 1);
const nowS = NOW / 1000;
const good: JWTPayload = { sub: '7', scope: '', iat: nowS, exp: nowS + 3600 };

const outcome = (patch: Partial<Record<keyof JWTPayload, unknown>>) => {
  const payload = { ...good, ...patch } as JWTPayload;
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete payload[k];
  try {
    const claims = checkAccountClaims(payload, DAY, NOW);
    return `ok:${claims.accountId}:${claims.isAdmin}`;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
};

describe('checkAccountClaims', () => {
  it('accepts a well-formed token and reports its expiry in ms', () => {
    expect(checkAccountClaims(good, DAY, NOW)).toEqual({ accountId: 7, isAdmin: false, tokenExpiresAt: NOW + 3_600_000 });
    expect(outcome({ scope: 'admin' })).toBe('ok:7:true');
    expect(outcome({ scope: undefined })).toBe('ok:7:false');
    expect(outcome({ sub: '2147483647' })).toBe('ok:2147483647:false');
  });

  it('requires exp', () => {
    expect(outcome({ exp: undefined })).toBe('UNAUTHENTICATED');
  });

  it('limits the lifetime: exp − iat, or exp − now without iat or with a future iat', () => {
    expect(outcome({ exp: nowS + DAY / 1000 })).toBe('ok:7:false');
    expect(outcome({ exp: nowS + DAY / 1000 + 1 })).toBe('UNAUTHENTICATED');
    // Issued long ago, still within its day: fine. Issued a day ago with a two-day life: not.
    expect(outcome({ iat: nowS - 3600, exp: nowS + 60 })).toBe('ok:7:false');
    expect(outcome({ iat: nowS - DAY / 1000, exp: nowS + DAY / 1000 })).toBe('UNAUTHENTICATED');
    expect(outcome({ iat: undefined, exp: nowS + DAY / 1000 })).toBe('ok:7:false');
    expect(outcome({ iat: undefined, exp: nowS + 2 * (DAY / 1000) })).toBe('UNAUTHENTICATED');
    expect(outcome({ iat: nowS + 365 * (DAY / 1000), exp: nowS + 365 * (DAY / 1000) + 60 })).toBe('UNAUTHENTICATED');
  });

  it('takes scope only as a space-separated string of known scopes', () => {
    expect(outcome({ scope: 'admin admin' })).toBe('ok:7:true');
    for (const scope of [['admin'], 1, true, { admin: true }, 'root', 'admin root', 'ADMIN']) {
      expect([scope, outcome({ scope })]).toEqual([scope, 'UNAUTHENTICATED']);
    }
  });

  it('takes sub only as a canonical positive integer string within int4', () => {
    for (const sub of ['01', '-1', 'abc', '0', '1.0', '1e3', ' 1', '2147483648', '99999999999999999999', '', undefined]) {
      expect([sub, outcome({ sub })]).toEqual([sub, 'UNAUTHENTICATED']);
    }
  });
});
