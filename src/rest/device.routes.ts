import type { FastifyInstance } from 'fastify';
import {
  deleteDevice,
  DEVICE_APPLICATIONS,
  DEVICE_CATEGORIES,
  DEVICE_OS_TYPES,
  getDevice,
  putDevice,
  REGISTRATION_TYPES,
  type DeviceView,
} from '../services/device';
import { seg, type Hal } from './hal';
import type { RestKit } from './kit';
import { arr, int, obj, params, route, str } from './schemas';
import { fieldOf, resource } from './derive';
import { component } from './openapi';

type TokenParams = { deviceApplicationToken: string };
const tokenParams = params({ deviceApplicationToken: str("The app installation's device token (8–200 of A–Z a–z 0–9 . _ : -).") });

const enumOf = (values: readonly string[], description?: string) => ({ type: 'string', enum: [...values], ...(description ? { description } : {}) });
const registration = obj({ pushRegistrationToken: str(), registrationType: enumOf(REGISTRATION_TYPES) });

/** OpenAPI of the PUT body; the service validates it with zod (DEVICE_PUT) and names the bad field. */
const putBody = {
  type: 'object',
  required: ['accountId'],
  properties: {
    accountId: int('The owning site account; the caller must hold its token (or be an admin).'),
    osType: enumOf(DEVICE_OS_TYPES, 'Required when the device is new.'),
    category: enumOf(DEVICE_CATEGORIES, 'Required when the device is new.'),
    application: enumOf(DEVICE_APPLICATIONS, 'Required when the device is new.'),
    osVersion: str(),
    isPushEnabled: { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }], description: 'true/false, or the text "true"/"false".' },
    registrations: {
      type: 'object',
      properties: {
        add: arr(registration),
        remove: arr({ type: 'object', required: ['pushRegistrationToken'], properties: { pushRegistrationToken: str(), registrationType: enumOf(REGISTRATION_TYPES) } }),
      },
    },
  },
};

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
  app.put<{ Params: TokenParams; Body: unknown }>(
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
