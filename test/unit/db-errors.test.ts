import { ConnectionLostError } from '../../db/prepared';
import { databaseErrorToDomain } from '../../src/db-errors';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** drizzle wraps driver errors: the SQLSTATE is on the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: x'), { cause });

describe('databaseErrorToDomain', () => {
  it.each(['22003', '22P02', '22021', '54000'])('maps data exception %s to BAD_USER_INPUT', (code) => {
    expect(databaseErrorToDomain(wrapped(pgError(code)))?.code).toBe('BAD_USER_INPUT');
  });

  it.each(['57014', '57P01', '57P02', '57P03', '08006', '25P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED'])(
    'maps outage %s to SERVICE_UNAVAILABLE',
    (code) => {
      expect(databaseErrorToDomain(wrapped(pgError(code)))?.code).toBe('SERVICE_UNAVAILABLE');
    },
  );

  it('maps a pipelined transaction whose connection closed (db/prepared.ts) to SERVICE_UNAVAILABLE', () => {
    expect(databaseErrorToDomain(new ConnectionLostError())?.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('leaves bugs (undefined column, unique violation) and plain errors unknown', () => {
    expect(databaseErrorToDomain(wrapped(pgError('42703')))).toBeNull();
    expect(databaseErrorToDomain(pgError('23505'))).toBeNull();
    expect(databaseErrorToDomain(new Error('boom'))).toBeNull();
    expect(databaseErrorToDomain(undefined)).toBeNull();
  });
});
