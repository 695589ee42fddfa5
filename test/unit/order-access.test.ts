import { ANONYMOUS, type Principal } from '../../src/auth/principal';
import { orderAccessError, type OrderAction, type OrderOwnership } from '../../src/services/order';

/** The order access rule (src/services/order/access.ts), case by case. */

const TOKEN = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';
/** Created by vendor 1 for account 5. */
const owned: OrderOwnership = { id: 42, vendorId: 1, siteAccountId: 5, token: TOKEN };
/** Created by vendor 1 with no account (a guest at the box office). */
const guest: OrderOwnership = { id: 43, vendorId: 1, siteAccountId: null, token: TOKEN };

const who = (p: Partial<Principal>): Principal => ({ ...ANONYMOUS, ...p });
const verdict = (order: OrderOwnership, p: Principal, action: OrderAction, token?: string) =>
  orderAccessError(order, p, action, token)?.code ?? 'ok';

describe('order access rule', () => {
  it.each<[string, Partial<Principal>, string, string]>([
    // [who, principal, read, write]
    ['creating vendor alone', { vendorId: 1 }, 'ok', 'ok'],
    ['creating vendor + owner token', { vendorId: 1, accountId: 5 }, 'ok', 'ok'],
    ['creating vendor + another account token', { vendorId: 1, accountId: 6 }, 'FORBIDDEN', 'FORBIDDEN'],
    ['another vendor alone', { vendorId: 2 }, 'FORBIDDEN', 'FORBIDDEN'],
    ['another vendor + owner token', { vendorId: 2, accountId: 5 }, 'ok', 'ok'],
    ['another vendor + another account token', { vendorId: 2, accountId: 6 }, 'FORBIDDEN', 'FORBIDDEN'],
    ['owner token alone (writes need a vendor key)', { accountId: 5 }, 'ok', 'UNAUTHENTICATED'],
    ['another account token alone', { accountId: 6 }, 'FORBIDDEN', 'UNAUTHENTICATED'],
    ['admin token alone', { accountId: 9, isAdmin: true }, 'ok', 'UNAUTHENTICATED'],
    ['admin token + any vendor', { vendorId: 2, accountId: 9, isAdmin: true }, 'ok', 'ok'],
    ['nobody', {}, 'UNAUTHENTICATED', 'UNAUTHENTICATED'],
  ])('%s', (_name, principal, read, write) => {
    expect([verdict(owned, who(principal), 'read'), verdict(owned, who(principal), 'write')]).toEqual([read, write]);
  });

  it('a guest order: its vendor alone, not its vendor acting for some account', () => {
    expect(verdict(guest, who({ vendorId: 1 }), 'write')).toBe('ok');
    expect(verdict(guest, who({ vendorId: 1, accountId: 6 }), 'read')).toBe('FORBIDDEN');
    expect(verdict(guest, who({ vendorId: 1, accountId: 6 }), 'write')).toBe('FORBIDDEN');
  });

  it('the order token lets anyone read, never write, and only the right token', () => {
    expect(verdict(owned, ANONYMOUS, 'read', TOKEN)).toBe('ok');
    expect(verdict(owned, who({ vendorId: 2, accountId: 6 }), 'read', TOKEN)).toBe('ok');
    expect(verdict(owned, ANONYMOUS, 'read', '00000000-0000-4000-8000-000000000000')).toBe('UNAUTHENTICATED');
    expect(verdict(owned, who({ vendorId: 2, accountId: 6 }), 'write', TOKEN)).toBe('FORBIDDEN');
    expect(verdict({ ...owned, token: null }, ANONYMOUS, 'read', TOKEN)).toBe('UNAUTHENTICATED');
  });
});
