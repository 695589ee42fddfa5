/** The account side: site accounts and what hangs off them (one rule of access: access.ts). */
export { accountAccessError, assertAccountAccess, lookupAccessError } from './access';
export { getAccount, getOwnAccount, type AccountRow } from './account.service';
