import { PRODUCTION_ENV, startTestApp, useTestApp, type TestApp } from '../helpers/app';
import { loadConfig } from '../../src/config';

/** A browser's preflight of `method path` from `origin`, asking for `headers`. */
const preflight = (app: TestApp, path: string, origin: string, method = 'POST', headers = 'content-type,x-vendor-key') =>
  fetch(`${app.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const listOf = (header: string | null) => (header ?? '').toLowerCase().split(/,\s*/).filter(Boolean);

describe('CORS in demo mode (loopback origins by default)', () => {
  const { app } = useTestApp();

  it('answers preflights of GraphQL and REST routes with the headers the API uses', async () => {
    const origin = 'http://localhost:5173';
    for (const [path, method] of [
      ['/graphql', 'POST'],
      ['/v2/theatres', 'GET'],
      ['/v2/theatres/1', 'GET'],
      ['/v1/orders', 'POST'],
      ['/v2/seating-layouts/1/2', 'GET'],
    ]) {
      const res = await preflight(app, path, origin, method, 'authorization,content-type,idempotency-key,x-request-id,x-vendor-key');
      expect([path, res.status]).toEqual([path, 204]);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(listOf(res.headers.get('access-control-allow-methods'))).toEqual(
        expect.arrayContaining(['get', 'post', 'put', 'patch', 'delete']),
      );
      expect(listOf(res.headers.get('access-control-allow-headers'))).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-request-id', 'x-vendor-key']),
      );
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    }
  });

  it('lets a cross-origin GET read the body and the exposed headers', async () => {
    const origin = 'http://127.0.0.1:3000';
    const res = await fetch(`${app.url}/v2/theatres`, { headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('vary')?.toLowerCase()).toContain('origin');
    expect(listOf(res.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['location', 'x-request-id', 'retry-after']),
    );
    expect(res.headers.get('x-request-id')).toMatch(/\S/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('allows no other origin: no Access-Control-Allow-Origin for it, on the preflight or the request', async () => {
    const evil = 'https://evil.example';
    const pre = await preflight(app, '/graphql', evil);
    expect(pre.status).toBeLessThan(500);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${app.url}/v2/theatres`, { headers: { origin: evil } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // Loopback means the host, not a prefix of it.
    const lookalike = await fetch(`${app.url}/v2/theatres`, { headers: { origin: 'http://localhost.evil.example' } });
    expect(lookalike.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS in production', () => {
  it('allows no origin unless configured', async () => {
    const app = await startTestApp({ env: PRODUCTION_ENV });
    try {
      const res = await fetch(`${app.url}/v2/theatres`, { headers: { origin: 'http://localhost:5173' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const pre = await preflight(app, '/v2/theatres', 'http://localhost:5173', 'GET');
      expect(pre.status).toBeLessThan(500);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('allows the configured origins; preflights pass the rate limiter, and a 429 is readable cross-origin', async () => {
    const origin = 'https://app.example.com';
    const app = await startTestApp({
      env: { ...PRODUCTION_ENV, CORS_ORIGINS: `${origin}, https://admin.example.com`, RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      const statuses: number[] = [];
      let last: Response | null = null;
      for (let i = 0; i < 5; i++) {
        last = await fetch(`${app.url}/v2/theatres`, { headers: { origin } });
        statuses.push(last.status);
      }
      expect(statuses.slice(-2)).toEqual([429, 429]);
      expect(last!.headers.get('access-control-allow-origin')).toBe(origin);
      // Over the budget, a preflight is still answered: it costs nothing and reads nothing.
      const pre = await preflight(app, '/v2/theatres', origin, 'GET');
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      const other = await fetch(`${app.url}/healthz`, { headers: { origin: 'http://localhost:5173' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('CORS_ORIGINS', () => {
  const parse = (value: string | undefined, env: Record<string, string> = {}) =>
    loadConfig({ ...env, ...(value === undefined ? {} : { CORS_ORIGINS: value }) }).CORS_ORIGINS;

  it('takes origins, loopback and *, and defaults by mode', () => {
    expect(parse(undefined)).toEqual(['loopback']);
    expect(parse(undefined, PRODUCTION_ENV)).toEqual([]);
    expect(parse('')).toEqual([]);
    expect(parse('https://a.example, http://localhost:8080 ,loopback')).toEqual(['https://a.example', 'http://localhost:8080', 'loopback']);
    expect(parse('https://a.example,*')).toBe('*');
  });

  it('refuses what is not an origin', () => {
    for (const bad of ['https://a.example/', 'https://a.example/app', 'a.example', 'ftp://a.example', 'https://*.example']) {
      expect(() => parse(bad)).toThrow(/Invalid configuration: CORS_ORIGINS/);
    }
  });
});
