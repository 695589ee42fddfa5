import { signAccountToken } from '../../src/auth/principal';
import { loadConfig } from '../../src/config';
import { useTestApp } from '../helpers/app';

describe('auth and errors over HTTP', () => {
  const { app } = useTestApp();

  it('answers public reads without credentials', async () => {
    const res = await app.gql('{ refundReasons { name } }');
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
  });

  it('rejects an unknown vendor key with UNAUTHENTICATED and 401', async () => {
    const res = await app.gql('{ refundReasons { name } }', undefined, { 'x-vendor-key': 'nope' });
    expect(res.status).toBe(401);
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('accepts the demo vendor key', async () => {
    const res = await app.gql('{ refundReasons { name } }', undefined, { 'x-vendor-key': 'demo-vendor-key' });
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
  });

  it('rejects a token signed with another secret, and a malformed Authorization header', async () => {
    const forged = await signAccountToken('another-secret-that-is-long-enough', 1);
    const bad = await app.gql('{ refundReasons { name } }', undefined, { authorization: `Bearer ${forged}` });
    expect(bad.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const malformed = await app.gql('{ refundReasons { name } }', undefined, { authorization: 'Basic abc' });
    expect(malformed.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('accepts an account token signed with JWT_SECRET', async () => {
    const token = await signAccountToken(app.config.JWT_SECRET, 1);
    const res = await app.gql('{ refundReasons { name } }', undefined, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
  });

  it('answers a syntax error with GRAPHQL_PARSE_FAILED and an unknown field with GRAPHQL_VALIDATION_FAILED', async () => {
    expect((await app.gql('{ refundReasons { name }')).errors?.[0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect((await app.gql('{ noSuchField }')).errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('configuration', () => {
  it('refuses production with the default JWT secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('accepts production with a real secret and turns demo mode off', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-at-least-32-bytes', PII_KEY: 'a-real-pii-key-of-at-least-32-characters' });
    expect(config.demoMode).toBe(false);
  });

  it('rejects a bad PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
