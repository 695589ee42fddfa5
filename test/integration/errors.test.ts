import { startTestApp, type TestApp } from '../helpers/app';

describe('unexpected errors', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.server.close());

  it('are masked for the client, with a request id, when the database goes away', async () => {
    await app.database.close();
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-under-test' },
      body: JSON.stringify({ query: '{ refundReasons { name } }' }),
    });
    const body = (await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0].message).toBe('Internal server error');
    expect(body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(body.errors[0].extensions.requestId).toBe('req-under-test');
    expect(JSON.stringify(body)).not.toMatch(/postgres|select|refund_reasons|stack/i);
  });
});

describe('limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('rejects a query nested deeper than the limit, naming the limit', async () => {
    // A fragment that recurses through an inline chain of fields on the introspection types.
    let selection = 'name';
    for (let i = 0; i < 14; i += 1) selection = `ofType { ${selection} }`;
    const res = await app.gql(`{ __schema { types { fields { type { ${selection} } } } } }`);
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.errors?.[0].message).toMatch(/limit is 12/);
  });

  it('accepts a query within the limit', async () => {
    const res = await app.gql('{ __schema { types { fields { type { ofType { name } } } } } }');
    expect(res.errors).toBeUndefined();
  });
});
