import net from 'node:net';
import { classifyUncaught, isConnectionLoss, isDriverConnectionLoss, isDriverWriteRace } from '../../db/driver-guard';
import { ConnectionLostError } from '../../db/prepared';

/** A real `read ECONNRESET`, as Node makes it: a server that resets the connection as it opens. */
async function realReset(): Promise<NodeJS.ErrnoException> {
  const server = net.createServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  try {
    return await new Promise((resolve) => {
      const client = net.connect(port, '127.0.0.1');
      client.on('error', resolve);
    });
  } finally {
    server.close();
  }
}

/** What postgres.js does to an error it fails a query with (connection.js `queryError`). */
function failedQuery<T extends object>(error: T): T {
  return Object.defineProperties(error, {
    query: { value: 'select b.oid, b.typarray from pg_catalog.pg_type a', enumerable: false },
    parameters: { value: [], enumerable: false },
  });
}

const driverStack = (first: string) => `${first}\n    at Socket.closed (/app/node_modules/postgres/cjs/src/connection.js:444:57)`;
const withCode = (message: string, code: string, stack?: string) =>
  Object.assign(new Error(message), { code }, stack ? { stack } : {});
const postgresError = (code: string) => Object.assign(withCode('terminating connection due to administrator command', code), { name: 'PostgresError' });

describe('the driver guard', () => {
  it('lets the process live through a socket reset that postgres.js failed a query with, whatever its stack', async () => {
    const reset = await realReset();
    expect(reset.code).toBe('ECONNRESET');
    // The stack is Node's alone (`at TCP.onStreamRead`): the rule is by class, not by file.
    expect(reset.stack).not.toMatch(/postgres/);
    expect(classifyUncaught(failedQuery(reset), 'unhandledRejection')).toEqual({ fatal: false, message: expect.stringContaining('ECONNRESET') });
    expect(classifyUncaught(failedQuery(withCode('write EPIPE', 'EPIPE')), 'uncaughtException').fatal).toBe(false);
    expect(classifyUncaught(failedQuery(withCode('read ETIMEDOUT', 'ETIMEDOUT')), 'unhandledRejection').fatal).toBe(false);
  });

  it('ends the process for a socket error that did not go through postgres.js', async () => {
    const reset = await realReset();
    expect(classifyUncaught(reset, 'unhandledRejection')).toEqual({ fatal: true });
    expect(classifyUncaught(withCode('write EPIPE', 'EPIPE'), 'uncaughtException')).toEqual({ fatal: true });
  });

  it.each(['57P01', '57P02', '57P03', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', 'CONNECT_TIMEOUT'])(
    'lets the process live through connection-loss code %s, from either origin',
    (code) => {
      const error = code.startsWith('57') ? postgresError(code) : withCode(`write ${code} 127.0.0.1:5432`, code, driverStack(`Error: write ${code}`));
      expect(classifyUncaught(error, 'unhandledRejection').fatal).toBe(false);
      expect(classifyUncaught(error, 'uncaughtException').fatal).toBe(false);
    },
  );

  it('looks through the errors drizzle and db/prepared.ts wrap around the driver\'s', () => {
    const wrapped = Object.assign(new Error('Failed query: select 1\nparams: '), { cause: failedQuery(withCode('read ECONNRESET', 'ECONNRESET')) });
    expect(isDriverConnectionLoss(wrapped)).toBe(true);
    expect(isDriverConnectionLoss(new ConnectionLostError())).toBe(true);
    expect(isConnectionLoss(new ConnectionLostError())).toBe(true);
  });

  it('recognises postgres.js writing to a closed socket, and no other null write', () => {
    const race = new TypeError("Cannot read properties of null (reading 'write')");
    race.stack = `TypeError: Cannot read properties of null (reading 'write')
    at Immediate.nextWrite (/app/node_modules/postgres/cjs/src/connection.js:250:22)
    at process.processImmediate (node:internal/timers:483:21)`;
    expect(isDriverWriteRace(race)).toBe(true);
    expect(classifyUncaught(race, 'uncaughtException').fatal).toBe(false);
    const ours = new TypeError("Cannot read properties of null (reading 'write')");
    ours.stack = `TypeError: Cannot read properties of null (reading 'write')\n    at save (/app/src/services/order/store.ts:10:5)`;
    expect(isDriverWriteRace(ours)).toBe(false);
    expect(classifyUncaught(ours, 'uncaughtException')).toEqual({ fatal: true });
  });

  it('ends the process for anything else: bugs, other database errors, non-errors', () => {
    expect(classifyUncaught(new Error('boom'), 'uncaughtException')).toEqual({ fatal: true });
    expect(classifyUncaught(failedQuery(withCode('duplicate key value', '23505')), 'unhandledRejection')).toEqual({ fatal: true });
    expect(classifyUncaught(postgresError('57014'), 'unhandledRejection')).toEqual({ fatal: true });
    expect(classifyUncaught(undefined, 'unhandledRejection')).toEqual({ fatal: true });
    expect(classifyUncaught('ECONNRESET', 'unhandledRejection')).toEqual({ fatal: true });
  });
});
