/**
 * The account side: site accounts and what hangs off them. The face of the folder: other layers and
 * other domains import from here only. model.ts (types), store.ts (SQL, one tag a statement),
 * access.ts (the one rule of access), read.ts (getAccount, getOwnAccount).
 */
export { assertAccountAccess } from './access';
export { type AccountRow } from './model';
export { getAccount, getOwnAccount } from './read';
