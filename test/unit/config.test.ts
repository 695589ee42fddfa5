import { loadConfig } from '../../src/config';
import { parseDuration } from '../../src/duration';

describe('parseDuration', () => {
  it('reads units and bare milliseconds', () => {
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('5s')).toBe(5000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1500')).toBe(1500);
    expect(parseDuration('7d')).toBe(7 * 86_400_000);
  });
  it('refuses anything else', () => {
    for (const bad of ['', 'h', '-5s', '1.5h', '5 hours', '1e3']) expect(parseDuration(bad)).toBeNull();
  });
});

describe('loadConfig', () => {
  const prod = { NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-some-length', PII_KEY: 'a-real-pii-key-of-at-least-32-characters' };

  it('turns introspection off in production unless configured', () => {
    expect(loadConfig({}).GRAPHQL_INTROSPECTION).toBe(true);
    expect(loadConfig(prod).GRAPHQL_INTROSPECTION).toBe(false);
    expect(loadConfig({ ...prod, GRAPHQL_INTROSPECTION: 'true' }).GRAPHQL_INTROSPECTION).toBe(true);
  });

  it('parses durations and TRUST_PROXY forms', () => {
    const c = loadConfig({ JWT_MAX_LIFETIME: '2h', DB_STATEMENT_TIMEOUT: '1s' });
    expect(c.JWT_MAX_LIFETIME).toBe(7_200_000);
    expect(c.DB_STATEMENT_TIMEOUT).toBe(1000);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('refuses a malformed duration with one clear line', () => {
    expect(() => loadConfig({ JWT_MAX_LIFETIME: 'forever' })).toThrow(/JWT_MAX_LIFETIME: "forever" is not a duration/);
  });
});

test('production refuses the public default PII_KEY, and a short one anywhere', () => {
  expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-some-length' })).toThrow(/PII_KEY/);
  expect(() => loadConfig({ PII_KEY: 'too-short' })).toThrow();
});

test('retention settings: 7d and 30d by default, and never 0', () => {
  const config = loadConfig({});
  expect([config.OUTBOX_RETENTION, config.WEBHOOK_DELIVERY_RETENTION, config.RETENTION_SWEEP_INTERVAL]).toEqual([
    7 * 86_400_000,
    30 * 86_400_000,
    60_000,
  ]);
  expect(() => loadConfig({ OUTBOX_RETENTION: '0s' })).toThrow(/OUTBOX_RETENTION/);
  expect(() => loadConfig({ RETENTION_SWEEP_INTERVAL: '0' })).toThrow(/RETENTION_SWEEP_INTERVAL/);
});
