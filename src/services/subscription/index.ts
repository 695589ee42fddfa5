/** Marketing subscriptions (spec "Subscriptions (v2)"): the catalog, contacts and their enrolments. */
export * from './model';
export { assertContactCredentials, enrolmentsOfSubscribers, isPrivileged, subscribersOfAccounts } from './contact';
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
