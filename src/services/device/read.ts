import { notFound, unauthenticated } from '../../errors';
import { assertAccountAccess } from '../account';
import { DEVICE_TOKEN, type DeviceCtx, type DeviceView } from './model';
import { findDevice } from './store';

/**
 * The device `token` for its owner's token or an admin. Anyone else gets the same NOT_FOUND as for a
 * token that was never registered: device tokens are not sequential, so a 403 would confirm one exists.
 */
export async function getDevice(ctx: DeviceCtx, token: string): Promise<DeviceView> {
  if (ctx.principal.accountId === null && !ctx.principal.isAdmin) throw unauthenticated('Devices need the account token (or an admin token)');
  const device = DEVICE_TOKEN.test(token) ? await findDevice(ctx.db, token) : null;
  if (!device || (!ctx.principal.isAdmin && device.accountId !== ctx.principal.accountId)) throw notFound('Device', '(given token)');
  return device;
}

/** The devices of `accountId` (its own token or an admin), through the request's loader. */
export async function listDevices(ctx: DeviceCtx, accountId: number): Promise<DeviceView[]> {
  assertAccountAccess(ctx.principal, accountId);
  return ctx.loaders.devicesByAccountId.load(accountId);
}
