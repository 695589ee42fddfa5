import { Field, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from './scalars';
import type { DeviceView } from '../src/services/device';

@ObjectType({ description: 'A push registration of a device; the push token is masked.' })
export class PushRegistration {
  @Field(() => String, { description: 'Push service: APNS, FCM or WNS.' })
  registrationType!: string;

  @Field(() => String, { description: 'The push registration token with all but its last four characters masked.' })
  maskedPushRegistrationToken!: string;
}

@ObjectType({ description: "A mobile device (app installation) of an account, with its push settings (Device v1)." })
export class Device {
  @Field(() => String, { description: 'The device application token (the REST path value).' })
  token!: string;

  @Field(() => Int, { description: 'The owning site account.' })
  accountId!: number;

  @Field(() => String, { description: 'Tablet or Mobile Phone.' })
  category!: string;

  @Field(() => String, { description: 'iOS, Android or Windows.' })
  osType!: string;

  @Field(() => String, { nullable: true, description: 'Operating system version.' })
  osVersion!: string | null;

  @Field(() => String, { description: 'Brand Theatres, Wallet or Google Wallet.' })
  application!: string;

  @Field(() => Boolean, { description: 'Whether push notifications are enabled.' })
  isPushEnabled!: boolean;

  @Field(() => [PushRegistration], { description: 'Push registrations of the device.' })
  registrations!: PushRegistration[];

  @Field(() => GraphQLDateTime, { description: 'Last registration or update (UTC).' })
  updatedAt!: Date;
}

export function toDevice(d: DeviceView): Device {
  return Object.assign(new Device(), { ...d, registrations: d.registrations.map((r) => ({ ...r })) });
}
