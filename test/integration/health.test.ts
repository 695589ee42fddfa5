import { useTestApp } from '../helpers/app';

describe('health endpoints', () => {
  const { app } = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });

  it('are exempt from the rate limit: a prober is never told 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await app.get('/v1/refund-reasons')).status);
    expect(statuses).toEqual([200, 200, 429]);
    for (let i = 0; i < 5; i += 1) {
      expect((await app.get('/healthz')).status).toBe(200);
      expect((await app.get('/readyz')).status).toBe(200);
    }
  });

  it('/readyz names its checks, and /healthz runs no SQL', async () => {
    const ready = await app.get<Record<string, unknown>>('/readyz');
    expect(ready.body).toEqual({ status: 'ready', driver: 'postgres', checks: { database: 'up', realtime: 'up' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await app.get('/healthz')).headers.get('x-sql-statements')).toBe('0');
  });
});
