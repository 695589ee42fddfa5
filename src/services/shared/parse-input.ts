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

/*
 * The three ways a write input's failure reads, each kept as its routes have answered: `parseInput`
 * (device, wallet card and movie-list bodies), `parseFields` (order, subscription, webhook, seating and
 * showtime-cancellation inputs; `parseBody` its REST form) and `parseIndexedFields` (loyalty).
 */

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

/** `parseFields` for a REST body (`zodBody(schema, parseBody)`): a missing field reads as REST's other bodies say it. */
export const parseBody = <S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> => parseFields(schema, value, 'body');

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Parses a write input with its zod schema (src/services/<domain>/input.ts), for the inputs whose
 * failures read as the services' own did: a message that names its field is kept
 * (`seats: seat (1, 2) is given twice`); any other is put after the field's path (`seats.0.row: expected
 * integer, received string`). BAD_USER_INPUT, its `argument` the top-level field (GraphQL shows it as
 * an extension; REST's order routes put it in front of a message without it). An unknown field is
 * named as REST's unknown-field check named it, a missing one as REST's body validation named it
 * (`body parameter 'type' is required`; on GraphQL `type is required`). The value itself is never echoed.
 */
export function parseFields<S extends z.ZodTypeAny>(schema: S, value: unknown, surface: 'graphql' | 'body' = 'graphql'): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data as z.output<S>;
  const issue = firstIssue(result.error.issues);
  if (issue.code === 'unrecognized_keys') {
    const path = [...issue.path, issue.keys[0]].join('.');
    throw badInput(`body parameter '${path}' is not a field of this request`, path);
  }
  const argument = issue.path.length ? String(issue.path[0]) : 'body';
  const path = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.received === 'undefined' && path) {
    throw badInput(surface === 'body' ? `body parameter '${path}' is required` : `${path} is required`, argument);
  }
  const named = issue.message.startsWith(argument) || issue.message.includes(` ${argument}`);
  throw badInput(named || !path ? issue.message : `${path}: ${lower(issue.message)}`, argument);
}

/**
 * Parses a loyalty write (src/services/loyalty/input.ts) with its zod schema: BAD_USER_INPUT naming the
 * first failing field by its indexed path (`earnItems[2].price: …`), that path its `argument`, as the
 * loyalty routes have answered since they landed. The value itself is never echoed.
 */
export function parseIndexedFields<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = firstIssue(result.error.issues);
  // An unknown field is named by its whole path (`earnItems[0].bonus`), as a missing or wrong one is.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
  const field = path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${part}` : String(part)), '');
  const message = issue.code === 'unrecognized_keys' ? `body parameter '${field}' is not a field of this request` : issue.message;
  throw badInput(issue.code === 'unrecognized_keys' ? message : field ? `${field}: ${message}` : message, field || undefined);
}
