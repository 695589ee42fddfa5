import type { FastifyInstance } from 'fastify';
import { deleteDevice, DEVICE_PUT, getDevice, putDevice, type DevicePut, type DeviceView } from '../services/device';
import { parseInput } from '../services/shared/parse-input';
import { seg, type Hal } from './hal';
import type { RestKit } from './kit';
import { params, route, str } from './schemas';
import { fieldOf, resource } from './derive';
import { component } from './openapi';
import { zodBody } from './schema-compilers';

type TokenParams = { deviceApplicationToken: string };
const tokenParams = params({ deviceApplicationToken: str("The app installation's device token (8–200 of A–Z a–z 0–9 . _ : -).") });

/** The PUT body: described and parsed by the service's zod schema (DEVICE_PUT), once. */
const putBody = zodBody(DEVICE_PUT, parseInput);

export const deviceSchema = component('Device', resource('Device', {
  // `updatedAt` is GraphQL-only; REST spells the OS type as the spec does, `ostype`.
  omit: ['osType', 'updatedAt'],
  extra: { ostype: fieldOf('Device', 'osType') },
  links: true,
}));

export const devicePath = (token: string) => `/v1/devices/${seg(token)}`;

export function toDeviceHal(hal: Hal, d: DeviceView) {
  return {
    token: d.token,
    accountId: d.accountId,
    category: d.category,
    ostype: d.osType,
    osVersion: d.osVersion,
    application: d.application,
    isPushEnabled: d.isPushEnabled,
    registrations: d.registrations,
    _links: hal.self(devicePath(d.token)),
  };
}

/**
 * Devices v1 (docs/accounts.md, "Devices"): register or update a device with its push registrations,
 * read it, delete it. A device belongs to the account whose token registered it.
 */
export async function deviceRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.put<{ Params: TokenParams; Body: DevicePut }>(
    '/v1/devices/:deviceApplicationToken',
    {
      schema: {
        ...route('Devices', 'Register or update a device and add or remove its push registrations', {
          params: tokenParams,
          body: putBody,
          response: { 200: deviceSchema },
        }),
        operationId: 'putDevice',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      return toDeviceHal(kit.hal(request), await putDevice(ctx, request.params.deviceApplicationToken, request.body));
    },
  );

  app.get<{ Params: TokenParams }>(
    '/v1/devices/:deviceApplicationToken',
    {
      schema: { ...route('Devices', 'One device (its owner or an admin)', { params: tokenParams, response: { 200: deviceSchema } }), operationId: 'getDevice' },
    },
    async (request) => {
      const ctx = await kit.context(request);
      return toDeviceHal(kit.hal(request), await getDevice(ctx, request.params.deviceApplicationToken));
    },
  );

  app.delete<{ Params: TokenParams }>(
    '/v1/devices/:deviceApplicationToken',
    {
      schema: {
        ...route('Devices', 'Delete a device and its push registrations', { params: tokenParams, response: { 200: { type: 'null' } } }),
        operationId: 'deleteDevice',
      },
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      await deleteDevice(ctx, request.params.deviceApplicationToken);
      return reply.status(200).send();
    },
  );
}
