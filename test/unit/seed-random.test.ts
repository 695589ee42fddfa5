import { createRandom, hashSeed, mulberry32 } from '../../db/seed/random';
import { addDays, localDateOf, localToUtc, utcOffsetMinutes } from '../../db/seed/time';

describe('seed PRNG', () => {
  it('gives the same sequence for the same seed, number or name', () => {
    const a = createRandom('showtimes');
    const b = createRandom('showtimes');
    const seqA = Array.from({ length: 1000 }, () => a.next());
    const seqB = Array.from({ length: 1000 }, () => b.next());
    expect(seqA).toEqual(seqB);
    const n1 = mulberry32(42);
    const n2 = mulberry32(42);
    expect([n1(), n1(), n1()]).toEqual([n2(), n2(), n2()]);
  });

  it('gives different sequences for different seeds', () => {
    const a = createRandom('movies');
    const b = createRandom('theatres');
    expect(Array.from({ length: 20 }, () => a.next())).not.toEqual(Array.from({ length: 20 }, () => b.next()));
    expect(hashSeed('movies')).not.toBe(hashSeed('theatres'));
  });

  it('matches the reference mulberry32 for seed 1 (a changed generator would reshuffle the demo chain)', () => {
    const r = mulberry32(1);
    expect([r(), r(), r()].map((x) => x.toFixed(8))).toEqual(['0.62707394', '0.00273572', '0.52744704']);
  });

  it('keeps floats in [0, 1) and ints within bounds, covering the whole range', () => {
    const r = createRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = r.int(3, 9);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(9);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('shuffles and samples without losing or repeating items', () => {
    const r = createRandom('shuffle');
    const items = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = r.shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    const sample = r.sample(items, 10);
    expect(new Set(sample).size).toBe(10);
    expect(r.sample(items, 80)).toHaveLength(50);
    expect(() => r.pick([])).toThrow();
  });
});

describe('seed local time', () => {
  it('converts theatre-local wall-clock times to UTC across the spring DST change', () => {
    // 2025-03-09 is the US spring-forward day.
    expect(localToUtc({ year: 2025, month: 3, day: 8 }, 10 * 60, 'America/New_York').toISOString()).toBe('2025-03-08T15:00:00.000Z');
    expect(localToUtc({ year: 2025, month: 3, day: 9 }, 10 * 60, 'America/New_York').toISOString()).toBe('2025-03-09T14:00:00.000Z');
    expect(localToUtc({ year: 2025, month: 3, day: 9 }, 23 * 60, 'America/Los_Angeles').toISOString()).toBe('2025-03-10T06:00:00.000Z');
    // Phoenix keeps MST all year.
    expect(localToUtc({ year: 2025, month: 7, day: 1 }, 10 * 60, 'America/Phoenix').toISOString()).toBe('2025-07-01T17:00:00.000Z');
  });

  it('converts across the autumn DST change', () => {
    expect(localToUtc({ year: 2025, month: 11, day: 1 }, 22 * 60, 'America/Chicago').toISOString()).toBe('2025-11-02T03:00:00.000Z');
    expect(localToUtc({ year: 2025, month: 11, day: 2 }, 22 * 60, 'America/Chicago').toISOString()).toBe('2025-11-03T04:00:00.000Z');
  });

  it('knows the local calendar day of an instant and moves days across month ends', () => {
    const instant = new Date('2025-06-01T03:00:00Z');
    expect(localDateOf(instant, 'America/Denver')).toEqual({ year: 2025, month: 5, day: 31 });
    expect(localDateOf(instant, 'UTC')).toEqual({ year: 2025, month: 6, day: 1 });
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2025, month: 12, day: 31 }, 1)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(utcOffsetMinutes(new Date('2025-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
  });
});
