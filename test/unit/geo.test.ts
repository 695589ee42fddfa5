import fc from 'fast-check';
import { DomainError } from '../../src/errors';
import { directionsUrl, haversineMiles, validateNearQuery } from '../../src/services/shared/geo';

const dallas = { latitude: 32.7767, longitude: -96.797 };
const houston = { latitude: 29.7604, longitude: -95.3698 };
const newYork = { latitude: 40.7128, longitude: -74.006 };
const losAngeles = { latitude: 34.0522, longitude: -118.2437 };

function badArgument(run: () => unknown): { argument?: unknown; message: string } {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    const e = err as DomainError;
    expect(e.code).toBe('BAD_USER_INPUT');
    return { argument: e.details?.argument, message: e.message };
  }
  throw new Error('expected a BAD_USER_INPUT error');
}

describe('haversineMiles', () => {
  it('is zero from a point to itself', () => {
    expect(haversineMiles(dallas, dallas)).toBe(0);
  });

  it('matches known city distances within half a percent', () => {
    // Great-circle distances: Dallas–Houston ≈ 225 mi, New York–Los Angeles ≈ 2445 mi.
    expect(haversineMiles(dallas, houston)).toBeGreaterThan(225 * 0.995);
    expect(haversineMiles(dallas, houston)).toBeLessThan(225 * 1.005);
    expect(haversineMiles(newYork, losAngeles)).toBeGreaterThan(2445 * 0.995);
    expect(haversineMiles(newYork, losAngeles)).toBeLessThan(2445 * 1.005);
  });

  it('puts one degree of latitude at about 69 miles', () => {
    expect(haversineMiles({ latitude: 10, longitude: 20 }, { latitude: 11, longitude: 20 })).toBeCloseTo(69.09, 1);
  });

  it('is finite for antipodal points (half the circumference)', () => {
    const d = haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
    expect(d).toBeCloseTo(Math.PI * 3958.8, 3);
  });

  const point = fc.record({
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  });

  it('is symmetric, non-negative and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        const ab = haversineMiles(a, b);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(Math.abs(ab - haversineMiles(b, a))).toBeLessThan(1e-6);
        // Near antipodes asin(√h) loses precision (h ≈ 1): allow a thousandth of a mile (found by
        // fast-check with seed 738750097: 0,179.99999993 / 0,-0.0000013 / 0,0).
        expect(haversineMiles(a, c)).toBeLessThanOrEqual(ab + haversineMiles(b, c) + 1e-3);
      }),
    );
  });
});

describe('validateNearQuery', () => {
  it('fills the default radius of 50 miles', () => {
    expect(validateNearQuery({ latitude: 1, longitude: 2 })).toEqual({ latitude: 1, longitude: 2, radius: 50 });
    expect(validateNearQuery({ latitude: 1, longitude: 2, radius: null }).radius).toBe(50);
  });

  it('accepts the bounds themselves', () => {
    expect(validateNearQuery({ latitude: -90, longitude: 180, radius: 500 })).toEqual({
      latitude: -90,
      longitude: 180,
      radius: 500,
    });
  });

  it.each([
    [{ latitude: 200, longitude: 0 }, 'latitude', 'latitude must be between -90 and 90'],
    [{ latitude: -90.5, longitude: 0 }, 'latitude', 'latitude must be between -90 and 90'],
    [{ latitude: NaN, longitude: 0 }, 'latitude', 'latitude must be between -90 and 90'],
    [{ latitude: 0, longitude: 180.1 }, 'longitude', 'longitude must be between -180 and 180'],
    [{ latitude: 0, longitude: 0, radius: 0 }, 'radius', 'radius must be greater than 0 and at most 500 miles'],
    [{ latitude: 0, longitude: 0, radius: -5 }, 'radius', 'radius must be greater than 0 and at most 500 miles'],
    [{ latitude: 0, longitude: 0, radius: 501 }, 'radius', 'radius must be greater than 0 and at most 500 miles'],
  ])('rejects %j naming %s', (input, argument, message) => {
    expect(badArgument(() => validateNearQuery(input))).toEqual({ argument, message });
  });
});

describe('directionsUrl', () => {
  it('points a maps URL at the coordinates', () => {
    expect(directionsUrl(dallas)).toBe('https://www.google.com/maps/dir/?api=1&destination=32.7767,-96.797');
  });
});
