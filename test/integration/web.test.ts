import { gunzipSync } from 'node:zlib';
import { PRODUCTION_ENV, startTestApp, useTestApp, type TestApp } from '../helpers/app';

const html = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });

describe('the pages in demo mode', () => {
  const { app } = useTestApp();

  it('lists upcoming showtimes at /seat-map, each linking to a seat map that answers 200 under a self-only CSP', async () => {
    const res = await html(app, '/seat-map');
    expect(res.status).toBe(200);
    // Its statements count like any request's: the theatres with their showtimes, one statement.
    expect(Number(res.headers.get('x-sql-statements'))).toBe(1);
    const body = await res.text();
    const links = [...body.matchAll(/href="\/seat-map\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(links.length).toBeGreaterThanOrEqual(3);
    const page = await html(app, `/seat-map/${links[0]}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    const text = await page.text();
    expect(text).toContain('/assets/seat-map.js');
    expect(text).not.toMatch(/<script(?![^>]*src=)/); // no inline script: the CSP would refuse it
  });

  it('answers a 404 page, never a 500, for ids that are not showtimes', async () => {
    // (A path value past Fastify's 100 characters matches no route: the service's JSON 404.)
    expect((await html(app, `/seat-map/${'x'.repeat(500)}`)).status).toBe(404);
    for (const id of ['999999', '0', '-1', 'abc', '2147483648', '1e3', '%00', '%3Cscript%3E', 'x'.repeat(100)]) {
      const res = await html(app, `/seat-map/${id}`);
      expect([id.slice(0, 20), res.status]).toEqual([id.slice(0, 20), 404]);
      const body = await res.text();
      expect(body).toContain('Showtime not found');
      expect(body).not.toContain('<script>');
    }
  });

  it('serves every asset of the pages from the service, with its type, an ETag and gzip', async () => {
    const paths = [
      '/assets/seat-map.js',
      '/assets/seat-map.css',
      '/assets/vendor/graphql-ws.min.js',
      '/assets/vendor/graphiql.min.js',
      '/assets/vendor/graphiql.min.css',
      '/assets/vendor/react.production.min.js',
      '/assets/vendor/react-dom.production.min.js',
      '/assets/vendor/swagger-ui-bundle.js',
      '/assets/vendor/swagger-ui.css',
    ];
    for (const path of paths) {
      const res = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('content-type')).toMatch(path.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      const etag = res.headers.get('etag')!;
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const again = await fetch(`${app.url}${path}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    // Node's fetch decodes gzip by itself; ask over a raw request to see the encoding.
    const { request } = await import('node:http');
    const gz = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      request(`${app.url}/assets/vendor/graphiql.min.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toContain('GraphiQL');
    expect((await fetch(`${app.url}/assets/../package.json`)).status).toBe(404);
    expect((await fetch(`${app.url}/assets/vendor/graphiql.min.js.map`)).status).toBe(404);
  });

  it('sends a browser visiting GET /graphql to GraphiQL, and still runs GET queries', async () => {
    const visit = await html(app, '/graphql');
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('/graphiql');
    const ide = await html(app, '/graphiql');
    expect(ide.status).toBe(200);
    expect(ide.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const body = await ide.text();
    expect(body).toContain('/assets/vendor/graphiql.min.js');
    expect(body).not.toMatch(/https?:\/\//); // nothing from a CDN
    const query = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'text/html, application/json', 'apollo-require-preflight': 'true' },
    });
    expect(query.status).toBe(200);
    expect(await query.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('serves the API reference at /docs, pointing at /openapi.json', async () => {
    const res = await html(app, '/docs');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/assets/vendor/swagger-ui-bundle.js');
    const script = await (await fetch(`${app.url}/assets/docs.js`)).text();
    expect(script).toContain("url: '/openapi.json'");
    expect(script).toContain('validatorUrl: null');
  });

  it('keeps the pages out of the OpenAPI document', async () => {
    const doc = await app.get<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(doc.body.paths).filter((p) => /seat-map|graphiql|docs|assets/.test(p))).toEqual([]);
  });
});

describe('the pages in production', () => {
  it('serve no IDE unless GRAPHIQL is set, and never Apollo\'s CDN landing page', async () => {
    const app = await startTestApp({ env: PRODUCTION_ENV });
    try {
      expect((await html(app, '/graphiql')).status).toBe(404);
      const visit = await html(app, '/graphql');
      expect(visit.status).toBe(400);
      expect(await visit.text()).not.toMatch(/apollographql|embeddable|cdn/i);
      expect((await html(app, '/docs')).status).toBe(200);
      const index = await html(app, '/seat-map');
      expect(await index.text()).not.toContain('/graphiql');
    } finally {
      await app.close();
    }
    const enabled = await startTestApp({ env: { ...PRODUCTION_ENV, GRAPHIQL: 'true', GRAPHQL_INTROSPECTION: 'true' } });
    try {
      expect((await html(enabled, '/graphiql')).status).toBe(200);
      expect((await html(enabled, '/graphql')).headers.get('location')).toBe('/graphiql');
    } finally {
      await enabled.close();
    }
  });
});
