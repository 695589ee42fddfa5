import type { Db } from '../../../db/client';
import type { devicePushRegistrations, devices } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { maskCardNumber } from '../../pii';

/** The spec's enumerations of a device (Device v1). */
export const DEVICE_CATEGORIES = ['Tablet', 'Mobile Phone'] as const;
export const DEVICE_OS_TYPES = ['iOS', 'Android', 'Windows'] as const;
export const DEVICE_APPLICATIONS = ['Brand Theatres', 'Wallet', 'Google Wallet'] as const;
/** Push services a registration token may belong to (our choice: docs/accounts.md, "Devices"). */
export const REGISTRATION_TYPES = ['APNS', 'FCM', 'WNS'] as const;
/** Most push registrations one device keeps. */
export const MAX_REGISTRATIONS = 10;

export interface PushRegistrationView {
  registrationType: string;
  /** The push token with all but its last four characters masked: it is a credential of the push service. */
  maskedPushRegistrationToken: string;
}

/** A device as both surfaces show it. */
export interface DeviceView {
  token: string;
  accountId: number;
  category: string;
  osType: string;
  osVersion: string | null;
  application: string;
  isPushEnabled: boolean;
  registrations: PushRegistrationView[];
  updatedAt: Date;
}

export function toDevice(row: typeof devices.$inferSelect, registrations: (typeof devicePushRegistrations.$inferSelect)[]): DeviceView {
  return {
    token: row.token,
    accountId: row.siteAccountId,
    category: row.category,
    osType: row.osType,
    osVersion: row.osVersion,
    application: row.application,
    isPushEnabled: row.isPushEnabled,
    registrations: registrations.map((r) => ({
      registrationType: r.registrationType,
      maskedPushRegistrationToken: maskCardNumber(r.pushRegistrationToken),
    })),
    updatedAt: row.updatedAt,
  };
}

/** What device services need of a request: the database, the caller and the request's loaders. */
export interface DeviceCtx {
  db: Db;
  principal: Principal;
  /** The request's batched read of devices (its DataLoader, src/loaders). */
  loaders: { devicesByAccountId: { load(accountId: number): Promise<DeviceView[]>; clearAll(): unknown } };
}

/** A device application token: what the app generated for its installation. */
export const DEVICE_TOKEN = /^[A-Za-z0-9._:-]{8,200}$/;
