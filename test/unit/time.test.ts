import {
  addDays,
  isCalendarDate,
  localDayWindow,
  localToUtc,
  parseDateArg,
  toLocalDate,
  toLocalDateTime,
  utcOffset,
} from '../../src/services/shared/local-time';

describe('theatre-local time', () => {
  it('prints local wall-clock time without a zone designator', () => {
    const instant = new Date('2025-01-15T04:30:00Z');
    expect(toLocalDateTime(instant, 'America/New_York')).toBe('2025-01-14T23:30:00');
    expect(toLocalDate(instant, 'America/New_York')).toBe('2025-01-14');
    expect(toLocalDateTime(instant, 'UTC')).toBe('2025-01-15T04:30:00');
  });

  it('gives the offset as ±HH:mm, following daylight saving', () => {
    expect(utcOffset(new Date('2025-01-15T12:00:00Z'), 'America/Chicago')).toBe('-06:00');
    expect(utcOffset(new Date('2025-07-15T12:00:00Z'), 'America/Chicago')).toBe('-05:00');
    expect(utcOffset(new Date('2025-07-15T12:00:00Z'), 'America/Phoenix')).toBe('-07:00');
    expect(utcOffset(new Date('2025-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe('+05:30');
    expect(utcOffset(new Date('2025-07-15T12:00:00Z'), 'UTC')).toBe('+00:00');
  });

  it('converts local wall-clock time to UTC, across DST changes', () => {
    expect(localToUtc('2025-01-14', '23:30', 'America/New_York').toISOString()).toBe('2025-01-15T04:30:00.000Z');
    expect(localToUtc('2025-07-14', '23:30:00', 'America/New_York').toISOString()).toBe('2025-07-15T03:30:00.000Z');
    // 2025-03-09 02:30 does not exist in New York (clocks jump 02:00 → 03:00).
    expect(localToUtc('2025-03-09', '02:30', 'America/New_York').getTime()).toBeGreaterThan(
      localToUtc('2025-03-09', '01:59', 'America/New_York').getTime(),
    );
  });

  it('gives the UTC window of a local day (23 or 25 hours on DST days)', () => {
    const plain = localDayWindow('2025-01-14', 'America/Los_Angeles');
    expect(plain.start.toISOString()).toBe('2025-01-14T08:00:00.000Z');
    expect(plain.end.toISOString()).toBe('2025-01-15T08:00:00.000Z');
    const spring = localDayWindow('2025-03-09', 'America/New_York');
    expect((spring.end.getTime() - spring.start.getTime()) / 3600000).toBe(23);
    const fall = localDayWindow('2025-11-02', 'America/New_York');
    expect((fall.end.getTime() - fall.start.getTime()) / 3600000).toBe(25);
  });

  it('validates calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-45')).toBe(false);
    expect(isCalendarDate('2024-1-5')).toBe(false);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(() => parseDateArg('2024-13-45')).toThrow('date must be YYYY-MM-DD');
    expect(parseDateArg('2024-12-31')).toBe('2024-12-31');
  });
});
