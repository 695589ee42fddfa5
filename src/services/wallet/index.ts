/**
 * The wallet of a site account: saved credit, gift, partner and external cards, masked
 * (docs/accounts.md, "Wallet"). The face of the folder: other layers and other domains import from
 * here only. model.ts (views, capacities, the request context), store.ts (its SQL, each statement
 * tagged: the loader's batch and the card writes, which take the update's transaction), read.ts
 * (getWallet, listCards, getCard, onDemandCards), write.ts (deleteCard, updateCard).
 */
export {
  WALLET_CAPACITY,
  type CardAddress,
  type CardKind,
  type CreditCardView,
  type ExternalCardView,
  type GiftCardView,
  type PartnerCardView,
  type TenderSummary,
  type WalletCtx,
  type WalletView,
} from './model';
export { loadWallets } from './store';
export { getCard, getWallet, listCards, onDemandCards } from './read';
export { CARD_UPDATE, deleteCard, updateCard, type CardUpdate } from './write';
