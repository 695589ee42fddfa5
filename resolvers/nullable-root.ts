import { DomainError } from '../src/errors';

/**
 * A nullable root's answer from a service that throws NOT_FOUND (REST's 404): `null` for NOT_FOUND
 * (docs/errors.md: a nullable root answers null for what is unknown), every other error raised as it is.
 */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}
