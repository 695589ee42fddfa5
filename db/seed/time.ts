/**
 * Theatre-local calendar helpers of the seed: local wall-clock times to UTC instants, across DST. Built
 * on the service's Intl helpers (src/services/shared/local-time.ts), with the offset cached per zone and UTC hour, as
 * the seed converts tens of thousands of times.
 */
import { offsetMinutes, toLocalDate } from '../../src/services/shared/local-time';

export interface LocalDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/** The calendar date of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const [year, month, day] = toLocalDate(instant, timeZone).split('-').map(Number);
  return { year, month, day };
}

const offsets = new Map<string, number>();

/**
 * The offset of `timeZone` from UTC at `instant`, in minutes (New York in winter: -300). Cached per
 * zone and UTC hour: zones change offset on whole UTC hours (and Intl formatting is the seed's hot spot).
 */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const hour = Math.floor(instant.getTime() / 3600000);
  const key = `${timeZone}|${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetMinutes(new Date(hour * 3600000), timeZone);
    offsets.set(key, offset);
  }
  return offset;
}

/** `date` shifted by `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Day of week of a calendar date, 0 = Sunday. */
export function dayOfWeek(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** "2025-03-09" */
export function formatLocalDate(date: LocalDate): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.year}-${p(date.month)}-${p(date.day)}`;
}

/**
 * The UTC instant of a theatre-local wall-clock time. The offset is taken at the guessed instant and
 * re-checked once, which is exact for every time outside the skipped hour of a spring-forward night.
 */
export function localToUtc(date: LocalDate, minutesOfDay: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutesOfDay * 60000;
  let offset = utcOffsetMinutes(new Date(wall), timeZone);
  let utc = wall - offset * 60000;
  const check = utcOffsetMinutes(new Date(utc), timeZone);
  if (check !== offset) {
    offset = check;
    utc = wall - offset * 60000;
  }
  return new Date(utc);
}
