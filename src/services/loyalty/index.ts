/** Loyalty: cards, loyalty accounts, earn / waive ledger, validations, campaigns, closing (rights: access.ts). */
export { closeLoyalty, registerCampaign, validateLoyalty, type CloseLoyaltyResult, type RegistrationResult, type ValidationResult } from './actions';
export { earnForItems, waiveFees, type LoyaltyTransactionResult } from './earn';
export { CARD_ID_PATTERN, isCardIdRef, parseCardRef, type CardRef } from './identifiers';
export { ID_FORM_WRITE_RULE } from './access';
export { EARN_RATE, POINTS_PER_DOLLAR, type CardView, type LoyaltyAccountView } from './model';
export {
  getLinkedLoyaltyAccount,
  getLoyaltyAccount,
  getAccountLoyaltyCard,
  getLoyaltyCard,
  getLoyaltyCardByRef,
  loyaltyAccountsBySiteAccount,
  loyaltyCardsBySiteAccount,
  type AccountKey,
} from './read';
