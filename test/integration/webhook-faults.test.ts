import postgres from 'postgres';
import { createTestDatabase, startTestApp, type TestApp } from '../helpers/app';
import { ADMIN_URL } from '../helpers/db';
import { pickShowtimes, seatsOf } from '../helpers/orders';
import { TcpProxy } from '../helpers/tcp-proxy';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { deliveriesOfOrder, eventually, paidOrder, refund, sleep, subscribe, WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/**
 * The webhook dispatcher's failure rule (docs/webhooks.md): its database goes away between the
 * receiver's answer and the record of it. The app reaches Postgres through a TCP proxy that the
 * receiver cuts as the callback arrives.
 */

const admin = new URL(ADMIN_URL);
let proxy: TcpProxy;
let app: TestApp;
let sql: postgres.Sql;
let receiver: Receiver;

beforeAll(async () => {
  proxy = await TcpProxy.start({ host: admin.hostname, port: Number(admin.port || 5432) });
  const url = await createTestDatabase();
  app = await startTestApp({ databaseUrl: proxy.urlThrough(url), env: { ...WEBHOOK_TEST_ENV, DB_CONNECT_TIMEOUT: '1s' } });
  sql = postgres(url, { max: 1, onnotice: () => undefined });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await sql?.end();
  await app?.close();
  await proxy?.close();
});

describe('the webhook dispatcher losing its database', () => {
  it('records an answered delivery once the database is back, within its lease: the receiver gets it once', async () => {
    const [st] = await pickShowtimes(sql, 1, 70);
    await subscribe(app, receiver.url('/cut'));
    const order = await paidOrder(app, st.showtimeId, seatsOf(st.regular.slice(0, 1)));
    receiver.setBehaviour('/cut', () => {
      // The database is cut off as the callback arrives, and back 600 ms later: the 2xx cannot be
      // recorded at first.
      void proxy.cut('refuse');
      setTimeout(() => void proxy.restore(), 600);
      return 200;
    });
    await refund(app, order.id);
    await receiver.waitFor('/cut', 1);
    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOfOrder(sql, order.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    }, 10_000, 'delivery recorded');
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Past the lease (3 s): an outcome left unrecorded would have been sent again by now.
    await sleep(3500);
    expect(receiver.received('/cut')).toHaveLength(1);
  }, 30_000);
});
