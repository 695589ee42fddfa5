import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'A push registration to add or remove.' })
export class PushRegistrationInput {
  @Field(() => String, { description: 'The push service token (APNs device token, FCM registration token, WNS channel).' })
  pushRegistrationToken!: string;

  @Field(() => String, { nullable: true, description: 'APNS, FCM or WNS; required when adding.' })
  registrationType?: string | null;
}

@InputType({ description: 'Push registrations to add and remove (removals first).' })
export class DeviceRegistrationsInput {
  @Field(() => [PushRegistrationInput], { nullable: true, description: 'Registrations to add (or update the type of).' })
  add?: PushRegistrationInput[] | null;

  @Field(() => [PushRegistrationInput], { nullable: true, description: 'Registrations to remove, by token.' })
  remove?: PushRegistrationInput[] | null;
}

@InputType({ description: 'Registers or updates a device (the same rules as PUT /v1/devices/{token}; docs/accounts.md).' })
export class RegisterDeviceInput {
  @Field(() => String, { description: 'The device application token.' })
  token!: string;

  @Field(() => Int, { description: 'The owning account; the caller must hold its token (or be an admin).' })
  accountId!: number;

  @Field(() => String, { nullable: true, description: 'iOS, Android or Windows; required for a new device.' })
  osType?: string | null;

  @Field(() => String, { nullable: true, description: 'Tablet or Mobile Phone; required for a new device.' })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'Brand Theatres, Wallet or Google Wallet; required for a new device.' })
  application?: string | null;

  @Field(() => String, { nullable: true, description: 'Operating system version.' })
  osVersion?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether push notifications are enabled (new devices: true).' })
  isPushEnabled?: boolean | null;

  @Field(() => DeviceRegistrationsInput, { nullable: true, description: 'Push registrations to add and remove.' })
  registrations?: DeviceRegistrationsInput | null;
}
