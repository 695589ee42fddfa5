/**
 * Devices of site accounts and their push registrations (docs/accounts.md, "Devices"). The face of
 * the folder: other layers and other domains import from here only. model.ts (types, enumerations,
 * the request context), store.ts (the reads loaders and verbs share, one tag a statement), read.ts
 * (getDevice, listDevices), write.ts (putDevice, deleteDevice; their statements tagged in place).
 */
export { type DeviceView } from './model';
export { findDevice, loadDevices } from './store';
export { getDevice, listDevices } from './read';
export { DEVICE_PUT, putDevice, deleteDevice, type DevicePut } from './write';
