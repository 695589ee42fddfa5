import { DomainError } from '../../errors';

/** The Postgres SQLSTATE of an error as either driver (or drizzle's wrapper, in `cause`) reports it. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';
const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure

/**
 * Runs a seat-claiming transaction: retries it (a few times) when Postgres picked it as a deadlock
 * victim, and turns a unique violation of the active-claims index into SEAT_UNAVAILABLE — the index,
 * not this code, decides who wins a seat.
 */
export async function withSeatRaceRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const state = sqlState(error);
      if (state && RETRYABLE.has(state) && attempt < attempts) continue;
      if (state === UNIQUE_VIOLATION) {
        throw new DomainError('SEAT_UNAVAILABLE', 'Seats unavailable: taken by another order', { seats: [] });
      }
      throw error;
    }
  }
}
