import { CONNECTION_LOSS, SOCKET_LOSS } from '../db/driver-guard';
import { DomainError } from './errors';

/**
 * What a database failure means for the client. Inputs are validated before they reach SQL; this is
 * the safety net under that validation, so that no input and no database outage answers a 500:
 * - a data exception (SQLSTATE class 22: out-of-range number, NUL byte, malformed text) or a program
 *   limit (class 54) → BAD_USER_INPUT;
 * - an unreachable, restarting or overloaded database, a dropped connection or a statement that ran
 *   past `statement_timeout` → SERVICE_UNAVAILABLE (503), which clears by itself when it returns.
 * Anything else stays unknown (null): a bug, masked and logged by the caller.
 */
export function databaseErrorToDomain(error: unknown): DomainError | null {
  for (let err = error, depth = 0; err && depth < 5; err = (err as { cause?: unknown }).cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (code.startsWith('22') || code.startsWith('54')) {
      return new DomainError('BAD_USER_INPUT', 'A value in the request is out of range or malformed');
    }
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) {
      return new DomainError('SERVICE_UNAVAILABLE', 'The database is unavailable; retry shortly');
    }
  }
  return null;
}

/**
 * Every form of a lost or unreachable connection (db/driver-guard.ts: SQLSTATEs 57P01–57P03,
 * postgres.js' CONNECTION_CLOSED / _DESTROYED / _ENDED and CONNECT_TIMEOUT — db/prepared.ts fails a
 * transaction whose connection closed with CONNECTION_CLOSED too — and Node's socket errnos), and the
 * SQLSTATEs of a database that is there but cannot serve now: 57014 (query canceled by
 * statement_timeout), 53300 (too many connections), 25P03 (idle-in-transaction timeout). Class 08
 * (connection exceptions) is matched by its prefix.
 */
const UNAVAILABLE_CODES = new Set([...CONNECTION_LOSS, ...SOCKET_LOSS, '57014', '53300', '25P03', 'ENOTFOUND', 'EAI_AGAIN']);
