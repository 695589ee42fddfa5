import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Account } from '../schema/account.type';
import { RegisterDeviceInput } from '../schema/device.input';
import { Device, toDevice } from '../schema/device.type';
import type { Context } from '../src/context';
import { DEVICE_PUT, deleteDevice, getDevice, listDevices, putDevice } from '../src/services/device';
import { orNull } from './nullable-root';
import { parseInput } from '../src/services/shared/parse-input';
import type { Parent } from '../schema/parent';

/** GraphQL gives absent fields as null; the device body (zod) treats absent as "keep", so nulls go. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, withoutNulls(v)]));
  }
  return value;
}

/** The account's devices. */
@Resolver(() => Account)
export class AccountDeviceResolver {
  @FieldResolver(() => [Device], { description: "The account's devices with their push registrations (tokens masked)." })
  async devices(@Root() account: Parent<Account>, @Ctx() ctx: Context): Promise<Device[]> {
    return (await listDevices(ctx, account.id)).map(toDevice);
  }
}

/** Devices by token: the same service and rules as PUT / GET / DELETE /v1/devices/{token}. */
@Resolver(() => Device)
export class DeviceResolver {
  @Query(() => Device, {
    nullable: true,
    description: "A device by its application token (REST `GET /v1/devices/{token}`): its owner's token or an admin's; null when unknown or another account's, alike.",
  })
  async device(@Arg('token', () => String, { description: 'The device application token.' }) token: string, @Ctx() ctx: Context): Promise<Device | null> {
    const device = await orNull(getDevice(ctx, token));
    return device && toDevice(device);
  }

  @Mutation(() => Device, { description: 'Registers or updates a device of an account and adds or removes its push registrations.' })
  async registerDevice(@Arg('input', () => RegisterDeviceInput, { description: 'The device and its registrations.' }) input: RegisterDeviceInput, @Ctx() ctx: Context): Promise<Device> {
    const { token, ...body } = input;
    // The one validation of this surface: the body's zod schema, as REST parses its body.
    return toDevice(await putDevice(ctx, token, parseInput(DEVICE_PUT, withoutNulls({ ...body }))));
  }

  @Mutation(() => Boolean, { description: "Deletes a device and its push registrations (its owner or an admin); true when done." })
  async unregisterDevice(@Arg('token', () => String, { description: 'The device application token.' }) token: string, @Ctx() ctx: Context): Promise<boolean> {
    await deleteDevice(ctx, token);
    return true;
  }
}
