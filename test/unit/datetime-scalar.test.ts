import { GraphQLDateTime as ScalarsDateTime } from 'graphql-scalars';
import { GraphQLDateTime, isCanonicalDateTime } from '../../schema/scalars';

/** What a response would hold: the serialized value as JSON, or the error's message. */
function output(serialize: (value: unknown) => unknown, value: unknown): string {
  try {
    return JSON.stringify(serialize(value));
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
}

describe('DateTime scalar', () => {
  it('answers as graphql-scalars for instants across the calendar (leap days, month ends, year ends)', () => {
    const values: unknown[] = [];
    let time = Date.UTC(1999, 11, 31, 23, 59, 59, 999);
    const end = Date.UTC(2031, 0, 2);
    // Every 3 days and 7 hours, 13 minutes, 17.123 seconds: every month end and leap day of the range
    // is crossed at some time of day.
    while (time < end) {
      values.push(new Date(time).toISOString(), new Date(time));
      time += ((3 * 24 + 7) * 60 + 13) * 60_000 + 17_123;
    }
    for (const day of ['2000-02-29', '2024-02-29', '2028-02-29', '2026-12-31', '2026-04-30']) values.push(`${day}T23:59:59.999Z`);
    let fast = 0;
    for (const value of values) {
      expect(output((v) => GraphQLDateTime.serialize(v), value)).toBe(output((v) => ScalarsDateTime.serialize(v), value));
      if (typeof value === 'string') {
        expect(GraphQLDateTime.serialize(value)).toBe(value);
        fast += 1;
      }
    }
    expect(fast).toBeGreaterThan(3000);
  });

  it('leaves every other string to graphql-scalars, errors included', () => {
    const others = [
      '2026-02-29T10:00:00.000Z', // not a leap year
      '2100-02-29T10:00:00.000Z', // a century, not a leap year
      '2026-02-30T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-11-00T00:00:00.000Z',
      '2026-11-26T24:00:00.000Z',
      '2026-11-26T23:60:00.000Z',
      '2026-11-26T23:59:60.000Z',
      '2026-11-26T15:00:00Z',
      '2026-11-26T15:00:00.000+01:00',
      '2026-11-26T15:00:00.0000Z',
      ' 2026-11-26T15:00:00.000Z',
      '2026-11-26t15:00:00.000z',
      'not a date',
      '',
    ];
    for (const value of others) {
      expect(isCanonicalDateTime(value)).toBe(false);
      expect(output((v) => GraphQLDateTime.serialize(v), value)).toBe(output((v) => ScalarsDateTime.serialize(v), value));
    }
    expect(isCanonicalDateTime('2000-02-29T00:00:00.000Z')).toBe(true);
  });

  it('keeps the name, description and input rules of graphql-scalars', () => {
    expect(GraphQLDateTime.name).toBe(ScalarsDateTime.name);
    expect(GraphQLDateTime.description).toBe(ScalarsDateTime.description);
    expect(GraphQLDateTime.specifiedByURL).toBe(ScalarsDateTime.specifiedByURL);
    expect(GraphQLDateTime.parseValue('2026-11-26T15:00:00Z')).toEqual(ScalarsDateTime.parseValue('2026-11-26T15:00:00Z'));
    expect(() => GraphQLDateTime.parseValue('2026-02-30T00:00:00Z')).toThrow();
  });
});
