/**
 * Devices of site accounts and their push registrations (docs/accounts.md, "Devices"). The face of
 * the folder: other layers and other domains import from here only. model.ts (types, enumerations,
 * the request context), store.ts (its SQL, each statement tagged: the reads loaders and verbs share,
 * and the writes, which take putDevice's transaction), read.ts (getDevice, listDevices), write.ts
 * (putDevice, deleteDevice).
 */
export { type DeviceView } from './model';
export { findDevice, loadDevices } from './store';
export { getDevice, listDevices } from './read';
export { DEVICE_PUT, putDevice, deleteDevice, type DevicePut } from './write';
