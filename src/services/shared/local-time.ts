import { badInput } from '../../errors';

/**
 * Theatre-local time. Every theatre has an IANA `timezone`; `…Local` values are computed from UTC with
 * it and printed without a zone designator (`YYYY-MM-DDTHH:mm:ss`), as the spec's conventions say.
 * Built on Intl only, so it follows the runtime's tz database (DST included).
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Local parts already computed, by zone and instant: `formatToParts` is the costliest step of a
 * showtime's fields, and the same showtimes are shown again and again. Pure (the process's tz data is
 * fixed), bounded by dropping everything once full.
 */
const partsCache = new Map<string, LocalParts>();
const PARTS_CACHE_SIZE = 50_000;

function localParts(instant: Date, timezone: string): LocalParts {
  const key = `${timezone} ${instant.getTime()}`;
  let parts = partsCache.get(key);
  if (!parts) {
    if (partsCache.size >= PARTS_CACHE_SIZE) partsCache.clear();
    parts = computeLocalParts(instant, timezone);
    partsCache.set(key, parts);
  }
  return parts;
}

function computeLocalParts(instant: Date, timezone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timezone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DDTHH:mm:ss` of the instant in the theatre's zone, without a zone designator. */
export function toLocalDateTime(instant: Date, timezone: string): string {
  const p = localParts(instant, timezone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The theatre-local calendar day (`YYYY-MM-DD`) of the instant. */
export function toLocalDate(instant: Date, timezone: string): string {
  return toLocalDateTime(instant, timezone).slice(0, 10);
}

/** Minutes the zone is ahead of UTC at the instant (negative west of Greenwich). */
export function offsetMinutes(instant: Date, timezone: string): number {
  const p = localParts(instant, timezone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The zone's UTC offset at the instant as the spec shows it: `-05:00`, `+00:00`. */
export function utcOffset(instant: Date, timezone: string): string {
  const minutes = offsetMinutes(instant, timezone);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The UTC instant of a theatre-local wall-clock time. For a time skipped by a DST jump the result is
 * shifted forward by the jump; for a repeated time the earlier instant is taken.
 */
export function localToUtc(date: string, time: string, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  // The offsets in force half a day before and after bracket any DST change of the day.
  const before = offsetMinutes(new Date(wall - 12 * 3600000), timezone);
  const after = offsetMinutes(new Date(wall + 12 * 3600000), timezone);
  const valid = [before, after]
    .map((o) => wall - o * 60000)
    .filter((t) => toLocalDateTime(new Date(t), timezone) === toLocalDateTime(new Date(wall), 'UTC'))
    .sort((a, b) => a - b);
  // No valid candidate: the time falls in a DST gap; the offset before the jump moves it forward.
  return new Date(valid[0] ?? wall - before * 60000);
}

/** The UTC window [start, end) of a theatre-local calendar day. */
export function localDayWindow(date: string, timezone: string): { start: Date; end: Date } {
  return { start: localToUtc(date, '00:00:00', timezone), end: localToUtc(addDays(date, 1), '00:00:00', timezone) };
}

/** `date` plus `days` calendar days (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** Validates a `YYYY-MM-DD` argument; BAD_USER_INPUT naming the argument otherwise. */
export function parseDateArg(value: string, argument = 'date'): string {
  if (!isCalendarDate(value)) throw badInput(`${argument} must be YYYY-MM-DD`, argument);
  return value;
}
