import { isDriverConnectionLoss, isDriverWriteRace } from '../../db/driver-guard';
import { databaseErrorToDomain } from '../../src/db-errors';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** drizzle wraps driver errors: the SQLSTATE is on the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: x'), { cause });

describe('databaseErrorToDomain', () => {
  it.each(['22003', '22P02', '22021', '54000'])('maps data exception %s to BAD_USER_INPUT', (code) => {
    expect(databaseErrorToDomain(wrapped(pgError(code)))?.code).toBe('BAD_USER_INPUT');
  });

  it.each(['57014', '57P01', '08006', 'ECONNREFUSED', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED'])(
    'maps outage %s to SERVICE_UNAVAILABLE',
    (code) => {
      expect(databaseErrorToDomain(wrapped(pgError(code)))?.code).toBe('SERVICE_UNAVAILABLE');
    },
  );

  it('leaves bugs (undefined column, unique violation) and plain errors unknown', () => {
    expect(databaseErrorToDomain(wrapped(pgError('42703')))).toBeNull();
    expect(databaseErrorToDomain(pgError('23505'))).toBeNull();
    expect(databaseErrorToDomain(new Error('boom'))).toBeNull();
    expect(databaseErrorToDomain(undefined)).toBeNull();
  });
});

describe('isDriverWriteRace', () => {
  it('recognises postgres.js writing to a closed socket, and nothing else', () => {
    const race = new TypeError("Cannot read properties of null (reading 'write')");
    race.stack = `TypeError: Cannot read properties of null (reading 'write')
    at Immediate.nextWrite (/app/node_modules/postgres/cjs/src/connection.js:250:22)
    at process.processImmediate (node:internal/timers:483:21)`;
    expect(isDriverWriteRace(race)).toBe(true);
    const ours = new TypeError("Cannot read properties of null (reading 'write')");
    ours.stack = `TypeError: Cannot read properties of null (reading 'write')\n    at save (/app/src/services/order/store.ts:10:5)`;
    expect(isDriverWriteRace(ours)).toBe(false);
    expect(isDriverWriteRace(new Error('boom'))).toBe(false);
  });
});

describe('isDriverConnectionLoss', () => {
  it('is a connection-loss code from postgres.js, as an unhandled rejection only', () => {
    const loss = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    loss.stack = `PostgresError: terminating connection\n    at ErrorResponse (/app/node_modules/postgres/cjs/src/connection.js:794:26)`;
    expect(isDriverConnectionLoss(loss, 'unhandledRejection')).toBe(true);
    expect(isDriverConnectionLoss(loss, 'uncaughtException')).toBe(false);
    const other = Object.assign(new Error('duplicate key'), { code: '23505', stack: loss.stack });
    expect(isDriverConnectionLoss(other, 'unhandledRejection')).toBe(false);
  });
});
