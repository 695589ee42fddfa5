import { z } from 'zod';
import { INT4_MAX } from '../../bounds';
import { badInput, DomainError, forbidden, notFound } from '../../errors';
import { assertAccountAccess } from '../account';
import {
  DEVICE_APPLICATIONS,
  DEVICE_CATEGORIES,
  DEVICE_OS_TYPES,
  DEVICE_TOKEN,
  MAX_REGISTRATIONS,
  REGISTRATION_TYPES,
  type DeviceCtx,
  type DeviceView,
} from './model';
import { getDevice } from './read';
import {
  accountExists,
  countPushRegistrations,
  deleteDeviceRow,
  deletePushRegistrations,
  findDevice,
  insertDevice,
  lockDevice,
  updateDevice,
  upsertPushRegistrations,
} from './store';

const pushToken = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/**
 * The body of `PUT /v1/devices/{token}` and of `registerDevice` (docs/accounts.md, "Devices"). On
 * creation osType, category and application are required; on update every field but accountId may be
 * left out (kept). `isPushEnabled` may be sent as the text "true" / "false", as the spec allows.
 * The one description and validation of that body: the REST route parses it where Fastify validates
 * bodies and publishes the JSON schema derived from it (`zodBody`, src/rest/schema-compilers.ts), the
 * resolver parses the GraphQL input with it, and `putDevice` takes the parsed value.
 */
export const DEVICE_PUT = z
  .object({
    accountId: z
      .number({ required_error: 'is required' })
      .int()
      .min(1)
      .max(INT4_MAX)
      .describe('The owning site account; the caller must hold its token (or be an admin).'),
    osType: z.enum(DEVICE_OS_TYPES).optional().describe('Required when the device is new.'),
    category: z.enum(DEVICE_CATEGORIES).optional().describe('Required when the device is new.'),
    application: z.enum(DEVICE_APPLICATIONS).optional().describe('Required when the device is new.'),
    osVersion: z.string().trim().min(1).max(40).optional(),
    isPushEnabled: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
      .optional()
      .describe('true/false, or the text "true"/"false".'),
    registrations: z
      .object({
        add: z
          .array(z.object({ pushRegistrationToken: pushToken, registrationType: z.enum(REGISTRATION_TYPES) }).strict())
          .max(MAX_REGISTRATIONS)
          .default([]),
        remove: z
          .array(z.object({ pushRegistrationToken: pushToken, registrationType: z.enum(REGISTRATION_TYPES).optional() }).strict())
          .max(MAX_REGISTRATIONS)
          .default([]),
      })
      .strict()
      .optional(),
  })
  .strict();
export type DevicePut = z.output<typeof DEVICE_PUT>;

/**
 * Creates or updates the device `token` of account `accountId` (the body's, parsed with DEVICE_PUT), with its push
 * registrations: removals first, then additions (a token in both stays, with the added type). Needs
 * the account's own token or an admin; a device registered to another account is FORBIDDEN unless an
 * admin moves it. One transaction: a bad registration count writes nothing.
 */
export async function putDevice(ctx: DeviceCtx, token: string, input: DevicePut): Promise<DeviceView> {
  if (!DEVICE_TOKEN.test(token)) {
    throw badInput('deviceApplicationToken must be 8–200 letters, digits or . _ : -', 'deviceApplicationToken');
  }
  assertAccountAccess(ctx.principal, input.accountId);
  const view = await ctx.db.transaction(async (tx) => {
    if (!(await accountExists(tx, input.accountId))) throw notFound('Account', input.accountId);
    let existing = await lockDevice(tx, token);
    let deviceId: number | null = null;
    if (!existing) {
      for (const field of ['osType', 'category', 'application'] as const) {
        if (input[field] === undefined) throw badInput(`body parameter '${field}' is required to register a new device`, field);
      }
      deviceId = await insertDevice(tx, {
        token,
        siteAccountId: input.accountId,
        osType: input.osType!,
        category: input.category!,
        application: input.application!,
        osVersion: input.osVersion ?? null,
        isPushEnabled: input.isPushEnabled ?? true,
      });
      // A concurrent PUT registered the same token first (its row is visible to this new statement):
      // this one becomes an update of it, so retries and races of one app install all succeed.
      if (deviceId === null) existing = await lockDevice(tx, token);
    }
    if (existing) {
      if (existing.siteAccountId !== input.accountId && !ctx.principal.isAdmin) {
        throw forbidden('This device is registered to another account; that account must delete it first');
      }
      deviceId = existing.id;
      await updateDevice(tx, deviceId, {
        siteAccountId: input.accountId,
        ...(input.osType !== undefined ? { osType: input.osType } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.application !== undefined ? { application: input.application } : {}),
        ...(input.osVersion !== undefined ? { osVersion: input.osVersion } : {}),
        ...(input.isPushEnabled !== undefined ? { isPushEnabled: input.isPushEnabled } : {}),
        updatedAt: new Date(),
      });
    }
    if (deviceId === null) throw new DomainError('CONFLICT', 'The device was deleted by a concurrent request; retry');
    const id = deviceId;
    const { add = [], remove = [] } = input.registrations ?? {};
    if (remove.length) await deletePushRegistrations(tx, id, remove.map((r) => r.pushRegistrationToken));
    if (add.length) await upsertPushRegistrations(tx, id, add);
    if ((await countPushRegistrations(tx, id)) > MAX_REGISTRATIONS) {
      throw badInput(`body parameter 'registrations.add' would leave more than ${MAX_REGISTRATIONS} registrations on the device`, 'registrations.add');
    }
    return (await findDevice(tx, token))!;
  });
  ctx.loaders.devicesByAccountId.clearAll();
  return view;
}

/** Deletes the device and its registrations (same rights and answers as getDevice). */
export async function deleteDevice(ctx: DeviceCtx, token: string): Promise<void> {
  const device = await getDevice(ctx, token);
  await deleteDeviceRow(ctx.db, device.token);
  ctx.loaders.devicesByAccountId.clearAll();
}

