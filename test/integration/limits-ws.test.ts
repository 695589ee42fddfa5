import { signAccountToken } from '../../src/auth/principal';
import { PRODUCTION_ENV, startTestApp, useTestApp } from '../helpers/app';
import { holdSeats, M, must, pickShowtimes, seatsOf, type ShowtimeFixture } from '../helpers/orders';
import { openSocket, wsOperation, type RawSocket } from '../helpers/ws';

const SEAT_QUERY = 'subscription($id: Int!) { seatStatusChanged(showtimeId: $id) { showtimeId seats { row column seatStatus } } }';

const refusedStatus = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (err: { status?: number }) => err.status,
  );

async function acked(socket: RawSocket): Promise<RawSocket> {
  await socket.waitFor((m) => m.type === 'connection_ack');
  return socket;
}

describe('graphql-ws under the same guard as HTTP (production mode)', () => {
  let show: ShowtimeFixture;
  const { app, sql } = useTestApp({ env: { ...PRODUCTION_ENV, WS_MAX_SOCKETS_PER_CLIENT: '3' } });
  beforeAll(async () => {
    [show] = await pickShowtimes(sql, 1, 20);
  });

  it('the 51st operation on a socket gets an error; the first 50 keep streaming', async () => {
    const socket = await acked(await openSocket(app.url));
    try {
      for (let i = 1; i <= 51; i += 1) {
        socket.send({ id: `s${i}`, type: 'subscribe', payload: { query: SEAT_QUERY, variables: { id: show.showtimeId } } });
      }
      const refused = await socket.waitFor((m) => m.id === 's51');
      expect(refused.type).toBe('error');
      expect(refused.payload).toEqual([expect.objectContaining({ extensions: { code: 'RATE_LIMITED' } })]);
      const nexts = (id: string) => socket.messages.filter((m) => m.id === id && m.type === 'next').length;
      for (let i = 1; i <= 50; i += 1) await socket.waitFor((m) => m.id === `s${i}` && m.type === 'next');

      const held = await holdSeats(app.gql, show.showtimeId, seatsOf(show.regular.slice(0, 1)));
      for (let i = 1; i <= 50; i += 1) {
        await socket.waitFor(() => nexts(`s${i}`) >= 2);
      }
      expect(nexts('s51')).toBe(0);
      await must(app.gql, M.cancel, { id: held.id });
    } finally {
      socket.close();
    }
  });

  it('a malformed or refused authorization closes the socket with 4403, never anonymous', async () => {
    const expired = await signAccountToken(app.config.JWT_SECRET, 1, { expiresIn: '-1m' });
    for (const payload of [
      { authorization: 12345 },
      { authorization: { token: 'x' } },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${expired}` },
      { vendorKey: 42 },
    ]) {
      const socket = await openSocket(app.url, payload);
      const { code } = await socket.closed;
      expect([payload, code]).toEqual([payload, 4403]);
    }
    // Not an object at all breaks the protocol itself: graphql-ws closes with 4400.
    expect((await (await openSocket(app.url, 'not an object')).closed).code).toBe(4400);
  });

  it('closes a socket with 4403 when its account token expires', async () => {
    const token = await signAccountToken(app.config.JWT_SECRET, 1, { expiresIn: '2s' });
    const socket = await acked(await openSocket(app.url, { authorization: `Bearer ${token}` }));
    const opened = Date.now();
    const { code, reason } = await socket.closed;
    expect(code).toBe(4403);
    expect(reason).toMatch(/expired/i);
    expect(Date.now() - opened).toBeLessThan(3500);
  });

  it('caps the open sockets of one client address (WS_MAX_SOCKETS_PER_CLIENT)', async () => {
    const open = await Promise.all([1, 2, 3].map(async () => acked(await openSocket(app.url))));
    try {
      expect(await refusedStatus(openSocket(app.url))).toBe(429);
      open[0].close();
      await open[0].closed;
      const again = await openSocket(app.url);
      again.close();
    } finally {
      for (const s of open) s.close();
    }
  });
});

describe('one rate budget per client across HTTP and WebSocket', () => {
  it('a client spent over HTTP is refused over WebSocket, and the other way round', async () => {
    const app = await startTestApp({ env: { ...PRODUCTION_ENV, RATE_LIMIT_PER_MINUTE: '6' } });
    try {
      // HTTP first: 6 allowed, then 429, and the WebSocket upgrade is refused too.
      for (let i = 0; i < 6; i += 1) expect((await app.get('/v2/theatres/1')).status).toBe(200);
      expect((await app.get('/v2/theatres/1')).status).toBe(429);
      expect(await refusedStatus(openSocket(app.url))).toBe(429);
    } finally {
      await app.close();
    }
    const other = await startTestApp({ env: { ...PRODUCTION_ENV, RATE_LIMIT_PER_MINUTE: '6' } });
    try {
      // WebSocket first: the upgrade and each operation take from the same budget, then HTTP is refused.
      const results = [];
      for (let i = 0; i < 6; i += 1) results.push(await wsOperation(other.url, '{ refundReasons { name } }'));
      const codes = results.map((r) => r.errors?.[0]?.extensions?.code ?? 'ok');
      expect(codes.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
      expect(codes).toContain('SOCKET_CLOSED');
      expect((await other.get('/v2/theatres/1')).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('counts per real client behind a trusted proxy (TRUST_PROXY), and ignores X-Forwarded-For otherwise', async () => {
    const behind = await startTestApp({ env: { ...PRODUCTION_ENV, RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' } });
    const direct = await startTestApp({ env: { ...PRODUCTION_ENV, RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let i = 0; i < 3; i += 1) expect((await behind.get('/v2/theatres/1', from('203.0.113.7'))).status).toBe(200);
      expect((await behind.get('/v2/theatres/1', from('203.0.113.7'))).status).toBe(429);
      expect((await behind.get('/v2/theatres/1', from('203.0.113.8'))).status).toBe(200);
      expect(await refusedStatus(openSocket(behind.url, undefined, from('203.0.113.7')))).toBe(429);
      const socket = await openSocket(behind.url, undefined, from('203.0.113.9'));
      socket.close();

      // Without a trusted proxy, a spoofed X-Forwarded-For buys nothing.
      for (let i = 0; i < 3; i += 1) expect((await direct.get('/v2/theatres/1', from(`198.51.100.${i}`))).status).toBe(200);
      expect((await direct.get('/v2/theatres/1', from('198.51.100.99'))).status).toBe(429);
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});

describe('operations endpoints in production', () => {
  it('/metrics is not public: off without METRICS_TOKEN, behind its bearer token with one', async () => {
    const closed = await startTestApp({ env: PRODUCTION_ENV });
    const guarded = await startTestApp({ env: { ...PRODUCTION_ENV, METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      expect((await closed.get('/metrics')).status).toBe(404);
      expect((await guarded.get('/metrics')).status).toBe(401);
      expect((await guarded.get('/metrics', { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
      const ok = await guarded.get<string>('/metrics', { authorization: 'Bearer metrics-token-0123456789' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatch(/marquee_http_request_duration_seconds/);
    } finally {
      await closed.close();
      await guarded.close();
    }
  });
});

describe('access logs (production mode)', () => {
  it('never carry credentials, order tokens, card numbers, phone numbers or e-mail addresses', async () => {
    const lines: string[] = [];
    const app = await startTestApp({ env: { ...PRODUCTION_ENV, LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
    try {
      const token = await signAccountToken(app.config.JWT_SECRET, 1);
      const secrets = {
        orderToken: '3f2a9c1e-8b7d-4e6f-a1b2-c3d4e5f60718',
        card: 'PREM000000000001',
        phone: '2125550123',
        email: 'jane.doe@example.com',
        vendorKey: 'demo-vendor-key',
        bearer: token,
      };
      const headers = { authorization: `Bearer ${token}`, 'x-vendor-key': secrets.vendorKey };
      await app.get(`/v2/orders/token-${secrets.orderToken}`, headers);
      await app.get(`/v4/loyalty-cards/${secrets.card}`, headers);
      await app.get(`/v4/loyalty-accounts/phone-${secrets.phone}`);
      await app.get(`/v4/loyalty-accounts/email-${encodeURIComponent(secrets.email)}`);
      await app.get(`/v2/subscriptions?email-address=${encodeURIComponent(secrets.email)}`);
      await app.gql('{ refundReasons { name } }', {}, headers);
      const log = lines.join('');
      expect(log).toContain('/v2/orders/token-[redacted]');
      expect(log).toContain('/v4/loyalty-cards/…0001');
      for (const [what, value] of Object.entries(secrets)) {
        expect([what, log.includes(value) || log.includes(encodeURIComponent(value))]).toEqual([what, false]);
      }
    } finally {
      await app.close();
    }
  });
});
