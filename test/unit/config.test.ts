import { loadConfig, MIN_SECRET_BYTES } from '../../src/config';
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
  const prod = { NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-at-least-32-bytes', PII_KEY: 'a-real-pii-key-of-at-least-32-characters' };

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
  expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-at-least-32-bytes' })).toThrow(/PII_KEY/);
  expect(() => loadConfig({ PII_KEY: 'too-short' })).toThrow(/PII_KEY: must be at least 32 bytes; generate one with `openssl rand -base64 32`/);
});

describe('production secrets: at least 32 bytes of UTF-8 (RFC 7518 §3.2 for HS256)', () => {
  const pii = 'p'.repeat(40);
  const jwt = 'j'.repeat(40);
  const production = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwt, PII_KEY: pii, ...env });

  test('31 bytes are refused with how to generate one, 32 accepted', () => {
    expect(MIN_SECRET_BYTES).toBe(32);
    expect(production({ JWT_SECRET: 'x'.repeat(31) })).toThrow(
      'Invalid configuration: JWT_SECRET must be at least 32 bytes in production (it has 31); generate one with `openssl rand -base64 32`',
    );
    expect(production({ JWT_SECRET: 'x'.repeat(32) })).not.toThrow();
    expect(production({ PII_KEY: 'x'.repeat(31) })).toThrow(/PII_KEY: must be at least 32 bytes; generate one with `openssl rand -base64 32`/);
    expect(production({ PII_KEY: 'x'.repeat(32) })).not.toThrow();
    // What `openssl rand -base64 32` prints: 44 characters.
    expect(production({ JWT_SECRET: Buffer.alloc(32, 7).toString('base64') })).not.toThrow();
  });

  test('bytes, not characters: a multi-byte character counts its UTF-8 bytes', () => {
    // 'é' is 2 bytes: 16 of them are 32 bytes in 16 characters; 15 and an 'a' are 31 bytes in 16.
    expect(production({ JWT_SECRET: 'é'.repeat(16) })).not.toThrow();
    expect(production({ JWT_SECRET: `${'é'.repeat(15)}a` })).toThrow(/JWT_SECRET must be at least 32 bytes in production \(it has 31\)/);
    // '€' is 3 bytes, '😀' 4 (and 2 UTF-16 units): 11 × 3 = 33 bytes in 11 characters.
    expect(production({ PII_KEY: '€'.repeat(11) })).not.toThrow();
    expect(production({ PII_KEY: '😀'.repeat(7) + 'abc' })).toThrow(/PII_KEY: must be at least 32 bytes/);
    expect(production({ PII_KEY: '😀'.repeat(8) })).not.toThrow();
  });

  test('demo mode keeps accepting a 16-character JWT_SECRET (its secrets are public anyway)', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(16) }).JWT_SECRET).toBe('x'.repeat(16));
  });
});

describe('HOST', () => {
  const prod = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32), PII_KEY: 'p'.repeat(32) };
  test('demo mode listens on 127.0.0.1 unless HOST is set; production on 0.0.0.0', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig(prod).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '10.1.2.3' }).HOST).toBe('10.1.2.3');
  });
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
