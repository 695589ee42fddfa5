import { z } from 'zod';
import { INT4_MAX, INT4_MIN } from '../../bounds';

/**
 * zod building blocks of the write inputs (src/services/<domain>/input.ts). Each carries the bounds
 * REST used to add to a body by default (src/rest/schemas.ts, REQUEST_LIMITS): integers within int4,
 * texts at most a length, lists at most a size, so that the OpenAPI body derived from an input states
 * every rule that checks it and no rule it does not check (test/unit/input-descriptions.test.ts).
 */

/** The most characters of a body text without a rule of its own (REQUEST_LIMITS.bodyText). */
export const BODY_TEXT = 1000;

/** An integer within Postgres `integer` (int4). */
export const int4 = (message?: string) =>
  z.number({ invalid_type_error: message }).int(message).min(INT4_MIN, message).max(INT4_MAX, message);

/** The id of a row: an integer from 1 within int4. */
export const rowId = (message?: string) => z.number({ invalid_type_error: message }).int(message).min(1, message).max(INT4_MAX, message);

/** An integer from `min` to `max`, one message for every way to miss it. */
export const intFrom = (min: number, max: number, message: string) =>
  z.number({ invalid_type_error: message, required_error: message }).int(message).min(min, message).max(max, message);

/** A text of at most `max` characters (BODY_TEXT by default). */
export const text = (max: number = BODY_TEXT, message?: string) => z.string({ invalid_type_error: message }).max(max, message);
