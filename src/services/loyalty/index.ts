/**
 * Loyalty: cards, loyalty accounts, earn / waive ledger, validations, campaigns, closing (rights:
 * access.ts). The face of the folder: other layers and other domains import from here only.
 *
 * model.ts (types, views), read.ts, earn.ts (earn and waive), actions.ts (validate, register a
 * campaign, close) for the verbs, access.ts (rights and the one 404), identifiers.ts and card-ref.ts
 * (card numbers, e-mails, phones), input.ts (the write bodies: their one zod description, parsed by each
 * surface before the verbs run); store.ts has its SQL (the verbs' and the rights' statements), each
 * statement tagged. isCardNumber and normalizeEmail are named for a unit test alone
 * (loyalty-identifiers).
 */
export { closeLoyalty, registerCampaign, validateLoyalty, type CloseLoyaltyResult, type RegistrationResult, type ValidationResult } from './actions';
export { earnForItems, waiveFees, type LoyaltyTransactionResult } from './earn';
export { CARD_ID_PATTERN, isCardNumber, normalizeEmail, normalizePhone, parseCardRef } from './identifiers';
export { cardNumberForWrite } from './card-ref';
export { earnForItemsSchema, validationSchema, waiveFeesSchema, type EarnForItemsInput, type ValidationInput, type WaiveFeesInput } from './input';
export { ID_FORM_WRITE_RULE } from './access';
export { type CardView, type LoyaltyAccountView } from './model';
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
