/** Theatre-local calendar helpers: local wall-clock times to UTC instants, across DST, via Intl. */

export interface LocalDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string): { date: LocalDate; ms: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const date = { year: parts.year, month: parts.month, day: parts.day };
  const ms = Date.UTC(date.year, date.month - 1, date.day, parts.hour, parts.minute, parts.second);
  return { date, ms };
}

/** The calendar date of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  return wallClock(instant, timeZone).date;
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
    const whole = new Date(hour * 3600000);
    offset = Math.round((wallClock(whole, timeZone).ms - whole.getTime()) / 60000);
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
