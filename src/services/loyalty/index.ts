/** Loyalty: cards, loyalty accounts, earn / waive ledger, validations, campaigns, closing (rights: access.ts). */
export { closeLoyalty, registerCampaign, validateLoyalty, type CloseLoyaltyResult, type RegistrationResult, type ValidationResult } from './actions';
export { earnForItems, waiveFees, type LoyaltyTransactionResult } from './earn';
export { EARN_RATE, POINTS_PER_DOLLAR, type CardView, type LoyaltyAccountView } from './model';
export {
  getLinkedLoyaltyAccount,
  getLoyaltyAccount,
  CARD_ID_REF,
  getLoyaltyCard,
  getLoyaltyCardByRef,
  listLoyaltyCards,
  loyaltyAccountsBySiteAccount,
  loyaltyCardsBySiteAccount,
  type AccountKey,
} from './read';
