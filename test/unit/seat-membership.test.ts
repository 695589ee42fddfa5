import { ANONYMOUS, type Principal } from '../../src/auth/principal';
import { membershipLookup } from '../../src/services/seating';

/** Whose Premiere membership a seat map may show its caller (src/services/seating/membership.ts). */

const who = (p: Partial<Principal>): Principal => ({ ...ANONYMOUS, ...p });
const CARD = 'PREM000000000001';

describe('membershipLookup', () => {
  it('without arguments: the caller’s own account, else a non-member', () => {
    expect(membershipLookup(who({ accountId: 5 }), {})).toEqual({ accountId: 5 });
    expect(membershipLookup(ANONYMOUS, {})).toBeNull();
    expect(membershipLookup(null, {})).toBeNull();
    expect(membershipLookup(who({ vendorId: 1 }), { loyaltyCardNumber: '' })).toBeNull();
  });

  it('anonymous callers and vendors alone never get a lookup for an argument', () => {
    for (const p of [ANONYMOUS, who({ vendorId: 1 })]) {
      expect(membershipLookup(p, { accountId: 1 })).toBeNull();
      expect(membershipLookup(p, { loyaltyCardNumber: CARD })).toBeNull();
    }
  });

  it('an account: its own id counts, another is the non-member view', () => {
    expect(membershipLookup(who({ accountId: 5 }), { accountId: 5 })).toEqual({ accountId: 5, loyaltyCardNumber: null, cardOwnerAccountId: null });
    expect(membershipLookup(who({ accountId: 5 }), { accountId: 1 })).toBeNull();
    expect(membershipLookup(who({ vendorId: 1, accountId: 5 }), { accountId: 1 })).toBeNull();
  });

  it('an account: a card counts only as one of its own (checked in the lookup)', () => {
    expect(membershipLookup(who({ accountId: 5 }), { loyaltyCardNumber: CARD })).toEqual({
      accountId: null,
      loyaltyCardNumber: CARD,
      cardOwnerAccountId: 5,
    });
    // Another account's id with a card: only the card, and only if it is the caller's.
    expect(membershipLookup(who({ accountId: 5 }), { accountId: 1, loyaltyCardNumber: CARD })).toEqual({
      accountId: null,
      loyaltyCardNumber: CARD,
      cardOwnerAccountId: 5,
    });
  });

  it('an admin may ask about anyone', () => {
    const admin = who({ accountId: 9, isAdmin: true });
    expect(membershipLookup(admin, { accountId: 1 })).toEqual({ accountId: 1, loyaltyCardNumber: null });
    expect(membershipLookup(admin, { loyaltyCardNumber: CARD })).toEqual({ accountId: null, loyaltyCardNumber: CARD });
  });
});
