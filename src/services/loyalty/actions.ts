import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound, unauthenticated } from '../../errors';
import { keyedHash, maskCardNumber, matchesKeyedHash, piiKeys } from '../../pii';
import { assertAccountAccess } from '../account';
import type { ValidationInput } from './input';
import { assertIdFormWriter, assertLookupCredential, mayReadCardById } from './access';
import { isCardIdRef, parseCardRef } from './identifiers';
import { cardById, resolveLoyaltyAccount, type AccountKey } from './read';
import { accountByAssociateId, campaignByCode, cardByNumber, closeCards, closeLinkedAccount, insertRegistration, registrationOf } from './store';

/** The answer of a validation: never more than the caller gave, plus status (and last four). */
export interface ValidationResult {
  valid: boolean;
  /** Why not, when not: `NotFound`, `Closed`, `Fraud`, `Inactive`. */
  reason: string | null;
  loyaltyCard: { cardNumber: string; accountType: string; status: string; statusInfo: string } | null;
  associate: { associateId: number; ssnLastFour: string } | null;
}

/**
 * POST /v4/loyalty-cards/validations (vendor key): is this card usable — or does this associate id
 * go with this SSN? The SSN is compared with the stored keyed hash (constant time) and never stored,
 * logged or returned beyond its last four. An unknown card or associate is `valid: false, reason:
 * NotFound`; a validation endpoint answers existence by design, so it is rate limited like every route
 * and needs a vendor key.
 */
export async function validateLoyalty(db: Db, principal: Principal, input: ValidationInput, piiKey: string): Promise<ValidationResult> {
  if (principal.vendorId === null && !principal.isAdmin) throw unauthenticated('Loyalty validations need an X-Vendor-Key');
  const none: ValidationResult = { valid: false, reason: 'NotFound', loyaltyCard: null, associate: null };
  if (input.loyaltyCard) {
    // By `id-{cardId}` only a caller who may read the card by id learns anything (ids can be counted).
    const ref = parseCardRef(input.loyaltyCard.number);
    const byId = ref?.kind === 'id' ? await cardById(db, ref.id) : null;
    const card =
      ref?.kind === 'id'
        ? byId && (await mayReadCardById(db, principal, byId.card, byId.account)) ? byId.card : null
        : await cardByNumber(db, input.loyaltyCard.number);
    if (!card) return none;
    const reason = card.status === 'Closed' ? 'Closed' : card.statusInfo === 'Fraud' ? 'Fraud' : card.status !== 'Active' ? 'Inactive' : null;
    return {
      valid: reason === null,
      reason,
      loyaltyCard: { cardNumber: maskCardNumber(card.cardNumber), accountType: card.accountType, status: card.status, statusInfo: card.statusInfo },
      associate: null,
    };
  }
  const { ssn, associateId } = input.associate!;
  const digits = typeof ssn === 'number' ? String(ssn).padStart(9, '0') : ssn.replace(/-/g, '');
  const account = await accountByAssociateId(db, associateId);
  const keys = piiKeys(piiKey);
  // Hash anyway when there is no associate, so timing does not tell unknown ids from wrong SSNs.
  const matches = account?.ssnHash ? matchesKeyedHash(keys, digits, account.ssnHash) : (keyedHash(keys, digits), false);
  if (!account || !matches) return none;
  const reason = account.status === 'Closed' ? 'Closed' : account.statusInfo === 'Fraud' ? 'Fraud' : account.status !== 'Active' ? 'Inactive' : null;
  return { valid: reason === null, reason, loyaltyCard: null, associate: { associateId, ssnLastFour: account.ssnLastFour ?? digits.slice(-4) } };
}

/** A campaign registration as both surfaces show it. */
export interface RegistrationResult {
  loyaltyAccountId: number;
  campaign: { code: string; name: string; description: string; startDateUtc: string; endDateUtc: string | null };
  registeredDateUtc: string;
  /** False when the account was registered already (registering again changes nothing). */
  created: boolean;
}

/**
 * Registers the loyalty account a key names for a campaign (vendor key; holder-level rights, the same
 * NOT_FOUND for unknown and not-yours). Unknown campaign: NOT_FOUND; outside its dates:
 * CAMPAIGN_NOT_OPEN; a closed account: LOYALTY_CARD_CLOSED. Registering twice answers the first
 * registration.
 */
export async function registerCampaign(db: Db, principal: Principal, key: AccountKey, campaignCode: string): Promise<RegistrationResult> {
  // A write through `id-{cardId}`: a vendor key with the holder's token, or an admin's (ID_FORM_WRITE_RULE).
  if (key.by === 'card' && isCardIdRef(key.cardNumber)) {
    assertLookupCredential(principal, 'identifier');
    assertIdFormWriter(principal);
  }
  return db.transaction(async (tx) => {
    const { row } = await resolveLoyaltyAccount(tx, principal, key);
    const campaign = await campaignByCode(tx, campaignCode);
    if (!campaign) throw notFound('Campaign', JSON.stringify(campaignCode.slice(0, 60)));
    if (row.status === 'Closed') throw new DomainError('LOYALTY_CARD_CLOSED', 'The loyalty account is closed');
    const now = new Date();
    if (campaign.startsAt > now || (campaign.endsAt !== null && campaign.endsAt <= now)) {
      throw new DomainError('CAMPAIGN_NOT_OPEN', `Campaign ${campaign.code} is not open for registration`);
    }
    const inserted = await insertRegistration(tx, { campaignId: campaign.id, loyaltyAccountId: row.id, vendorId: principal.vendorId });
    const registration = inserted ?? (await registrationOf(tx, campaign.id, row.id));
    return {
      loyaltyAccountId: row.id,
      campaign: {
        code: campaign.code,
        name: campaign.name,
        description: campaign.description,
        startDateUtc: campaign.startsAt.toISOString(),
        endDateUtc: campaign.endsAt?.toISOString() ?? null,
      },
      registeredDateUtc: registration.registeredAt.toISOString(),
      created: Boolean(inserted),
    };
  });
}

/** What closing loyalty did. */
export interface CloseLoyaltyResult {
  siteAccountId: number;
  loyaltyAccountId: number;
  status: 'Closed';
  statusInfo: 'Closed';
  closedCards: number;
  closedDateUtc: string;
}

/**
 * DELETE /v4/site-accounts/{id}/loyalty: unlinks the site account's loyalty account and closes it and
 * its cards, in one transaction (own token or admin; NOT_FOUND when no loyalty account is linked).
 * Orders are not touched: they keep their account and card number, so order history stays intact;
 * a closed card no longer makes its holder a Premiere member (membership reads Active cards only).
 */
export async function closeLoyalty(db: Db, principal: Principal, siteAccountId: number): Promise<CloseLoyaltyResult> {
  assertAccountAccess(principal, siteAccountId);
  return db.transaction(async (tx) => {
    const now = new Date();
    const loyaltyAccountId = await closeLinkedAccount(tx, siteAccountId, now);
    if (loyaltyAccountId === null) throw notFound('Loyalty account of site account', siteAccountId);
    const closedCards = await closeCards(tx, loyaltyAccountId, siteAccountId);
    return {
      siteAccountId,
      loyaltyAccountId,
      status: 'Closed',
      statusInfo: 'Closed',
      closedCards,
      closedDateUtc: now.toISOString(),
    };
  });
}

