import { GraphQLScalarType } from 'graphql';
import { GraphQLDateTime as ScalarsDateTime } from 'graphql-scalars';

/** The number written by the digits of `s` from `start` to `end` (ASCII digits, checked by the caller). */
function digits(s: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n = n * 10 + (s.charCodeAt(i) - 48);
  return n;
}

const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Whether `s` is exactly what `toISOString` writes for some instant (years 0000–9999): the shape
 * `YYYY-MM-DDTHH:MM:SS.sssZ` with a month, a day of that month, an hour, a minute and a second in range.
 */
export function isCanonicalDateTime(s: string): boolean {
  if (s.length !== 24 || !SHAPE.test(s)) return false;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 7);
  const day = digits(s, 8, 10);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= monthDays && digits(s, 11, 13) < 24 && digits(s, 14, 16) < 60 && digits(s, 17, 19) < 60;
}

/**
 * graphql-scalars' `DateTime`, same name, description and input rules, with one shortcut on output: a
 * string already in `toISOString` form (`isCanonicalDateTime`) is returned as it is. graphql-scalars
 * validates such a string with its RFC 3339 rules and returns a `Date`, which the response then turns
 * back into the same string; reads that build their rows as JSON in SQL
 * (the read planner, src/read-planner/, through the mappers) give every date-time that way, 35+ per day of showtimes.
 * Anything else (a `Date`, another string form, an invalid date such as 2026-02-30) goes to
 * graphql-scalars, errors included.
 */
export const GraphQLDateTime = new GraphQLScalarType({
  ...ScalarsDateTime.toConfig(),
  serialize(value: unknown) {
    if (typeof value === 'string' && isCanonicalDateTime(value)) return value;
    return ScalarsDateTime.serialize(value);
  },
});
