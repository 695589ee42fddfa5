/**
 * Marketing subscriptions (spec "Subscriptions (v2)"): the catalog, contacts and their enrolments. The
 * face of the folder: other layers and other domains import from here only. model.ts (types, the
 * catalog), read.ts, enrol.ts (opt in and out) and contact.ts (who a contact is, and its rights) for
 * the verbs; store.ts has its SQL, each statement tagged.
 */
export {
  confirmationCode,
  parseContact,
  parseRouteContact,
  type CatalogEntry,
  type ChannelView,
  type ContactKind,
  type ContactRef,
  type EnrolmentRow,
  type SubscriberRow,
  type SubscriptionView,
} from './model';
export { assertContactCredentials, isPrivileged } from './contact';
export { enrolmentsOfSubscribers, subscribersOfAccounts } from './store';
export {
  accountSubscriptions,
  audienceFromQuery,
  catalogEntry,
  catalogView,
  CONTACT_PARAMETERS,
  contactFromFields,
  contactFromQuery,
  contactSubscriptions,
  getSubscriberProfile,
  listContactSubscriptions,
  loadCatalog,
  subscriptionsForAudience,
  type SubscriberProfile,
} from './read';
export { getChannelStatus, optIn, optOut, optOutAll, type ChannelTarget, type OptInInput } from './enrol';
export { contactFieldsSchema, optInBodySchema, subscribeContactSchema, unsubscribeContactSchema } from './input';
