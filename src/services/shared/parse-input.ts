import type { z } from 'zod';
import { badInput } from '../../errors';

/** Issues about a value's JSON type or spelling (a wrong type, no enum value, an unknown field), rather than a rule. */
const SHAPE_ISSUES = new Set<string>(['invalid_type', 'invalid_union', 'invalid_enum_value', 'invalid_literal', 'unrecognized_keys']);

/**
 * The issue a 400 names: the first about a value's type or spelling if there is one, else the first.
 * A body with a wrong type in one field and a too-short text in an earlier one names the wrong type,
 * as when ajv checked types before the service's rules ran (and as the generated body tests expect).
 */
export function firstIssue(issues: readonly z.ZodIssue[]): z.ZodIssue {
  return issues.find((issue) => SHAPE_ISSUES.has(issue.code)) ?? issues[0];
}

/**
 * Parses a write body with its zod schema: the parsed value, or BAD_USER_INPUT naming the first bad
 * field by its path (`registrations.add.0.pushRegistrationToken`). The value itself is never echoed,
 * since bodies carry tokens and card data.
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data as z.output<S>;
  const issue = firstIssue(result.error.issues);
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)].join('.');
  const message = issue.code === 'unrecognized_keys' ? 'is not a field of this request' : issue.message;
  throw badInput(path ? `body parameter '${path}' ${lower(message)}` : `body ${lower(message)}`, path || 'body');
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
