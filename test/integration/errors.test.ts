import { startTestApp, useTestApp, type TestApp } from '../helpers/app';

describe('unexpected errors', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  // The database is closed under the server on purpose: stopping its LISTEN may fail, the server still closes.
  afterAll(() => app.server.close().catch(() => undefined));

  it('a database that went away answers SERVICE_UNAVAILABLE, with nothing internal', async () => {
    // Since database errors are mapped (src/db-errors.ts), an outage is no longer an unknown error:
    // the client learns to retry, and still sees no SQL, driver message or stack.
    await app.database.close();
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-under-test' },
      body: JSON.stringify({ query: '{ refundReasons { name } }' }),
    });
    const body = (await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0].message).toBe('The database is unavailable; retry shortly');
    expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(body)).not.toMatch(/postgres|select|refund_reasons|stack|CONNECTION_ENDED/i);
  });
});

describe('unknown paths', () => {
  const { app } = useTestApp();

  it('answers 404 naming the path, without the personal data in it', async () => {
    const plain = await app.get<{ errors: { code: number; message: string }[] }>('/v2/no-such/thing');
    expect(plain.status).toBe(404);
    expect(plain.body.errors[0]).toEqual({ code: 4002, message: 'No resource at GET /v2/no-such/thing' });
    for (const path of ['/v2/nope/jane.doe@example.com', '/v2/nope/jane.doe%40example.com/x', `/v2/movies/${'x'.repeat(150)}@example.com`]) {
      const res = await app.get<{ errors: { code: number; message: string }[] }>(path);
      expect([path.slice(0, 30), res.status, res.body.errors[0].code]).toEqual([path.slice(0, 30), 404, 4002]);
      expect(res.body.errors[0].message).toContain('[email]');
      expect(JSON.stringify(res.body)).not.toMatch(/jane\.doe|xxx@example/);
    }
  });
});

describe('limits', () => {
  beforeAll(async () => {
    // A huge cost budget, so that only the depth limit speaks here (cost has tests of its own).
  });
  const { app } = useTestApp({ env: { GRAPHQL_MAX_COST: '1000000000000' } });

  it('rejects a query nested deeper than the limit, naming the limit', async () => {
    // theatre → market → theatres → market → … → id: 14 levels (leaves count).
    let selection = 'id';
    for (let i = 0; i < 6; i += 1) selection = `market { theatres { ${selection} } }`;
    const res = await app.gql(`{ theatre(id: 1) { ${selection} } }`);
    expect(res.status).toBe(400);
    const depth = res.errors?.find((e) => e.extensions?.limit === 'depth');
    expect(depth?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', max: 12, actual: 14 });
    expect(depth?.message).toMatch(/depth limit of 12/);
  });

  it('accepts a query at the limit; introspection is not counted', async () => {
    let selection = 'id';
    for (let i = 0; i < 5; i += 1) selection = `market { theatres { ${selection} } }`;
    expect((await app.gql(`{ theatre(id: 1) { ${selection} } }`)).errors).toBeUndefined();
    let types = 'name';
    for (let i = 0; i < 14; i += 1) types = `ofType { ${types} }`;
    expect((await app.gql(`{ __schema { types { fields { type { ${types} } } } } }`)).errors).toBeUndefined();
  });
});

describe('operations endpoints', () => {
  const { app } = useTestApp();

  it('serves health and Prometheus metrics that count requests and statements', async () => {
    expect((await app.get<{ status: string; driver: string }>('/healthz')).body).toEqual({ status: 'ok', driver: 'postgres' });
    await app.gql('{ refundReasons { name } }');
    const metrics = await app.get<string>('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/marquee_http_request_duration_seconds_count\{method="POST",route="\/graphql",status="200"\} 1/);
    expect(metrics.body).toMatch(/marquee_sql_statements_per_request_sum\{route="\/graphql"\} 1/);
  });
});

describe('rate limiting', () => {
  const { app } = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });

  it('answers 429 with the error body once a client exceeds its budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await app.gql('{ refundReasons { name } }')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await app.get<{ errors: { code: number; message: string }[] }>('/v1/refund-reasons');
    expect(res.status).toBe(429);
    expect(res.body.errors[0].code).toBe(4290);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});
