import type { z } from 'zod';
import { badInput } from '../../errors';

/**
 * Parses a write body with its zod schema: the parsed value, or BAD_USER_INPUT naming the first bad
 * field by its path (`registrations.add.0.pushRegistrationToken`). The value itself is never echoed,
 * since bodies carry tokens and card data.
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)].join('.');
  const message = issue.code === 'unrecognized_keys' ? 'is not a field of this request' : issue.message;
  throw badInput(path ? `body parameter '${path}' ${lower(message)}` : `body ${lower(message)}`, path || 'body');
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
