/// <reference lib="dom" />
// Callbacks of page.evaluate / waitForFunction run in the browser.
import type { Browser } from 'playwright-core';
import { useTestApp } from '../helpers/app';
import { foreignRequests, launchBrowser, openPage, type PageLog } from '../helpers/browser';
import { holdSeats, M, must, pickShowtimes, seatsOf } from '../helpers/orders';

let browser: Browser;
const logs: PageLog[] = [];

const { app, sql } = useTestApp();
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  logs.push(opened.log);
  const response = await opened.page.goto(`${app.url}${path}`);
  return { ...opened, response };
}

describe('GraphiQL, served by the service', () => {
  it('loads the schema through the standard introspection query, within the limits, and shows it', async () => {
    const { page, log } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    logs.push(log);
    const introspection = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('__schema'),
    );
    // A browser visiting /graphql is sent to the IDE.
    await page.goto(`${app.url}/graphql`);
    expect(new URL(page.url()).pathname).toBe('/graphiql');
    const response = await introspection;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data?: { __schema?: { types: unknown[] } }; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    expect(body.data?.__schema?.types.length).toBeGreaterThan(50);

    await page.click('button[aria-label="Show Documentation Explorer"]');
    await page.click('.graphiql-doc-explorer a:text-is("Query")');
    await page.waitForSelector('.graphiql-doc-explorer-title:text-is("Query")');
    expect(await page.textContent('.graphiql-doc-explorer')).toContain('showtime(id: Int!): Showtime');
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('runs a subscription over graphql-ws and shows its live messages', async () => {
    const [show] = await pickShowtimes(sql, 1, 40);
    const query = `subscription { seatStatusChanged(showtimeId: ${show.showtimeId}) { cursor seats { seatName seatStatus } } }`;
    const { page, log } = await open(`/graphiql?query=${encodeURIComponent(query)}`);
    await page.waitForSelector('.graphiql-execute-button');
    await page.click('.graphiql-execute-button');
    await page.waitForFunction(() => document.querySelector('.result-window')?.textContent?.includes('"cursor"'));
    const seat = show.regular[0];
    const order = await holdSeats(app.gql, show.showtimeId, seatsOf([seat]));
    // Each message replaces the last in the result pane: the hold's message names only that seat.
    await page.waitForFunction(
      (name) => {
        const text = document.querySelector('.result-window')?.textContent ?? '';
        return text.includes(`"${name}"`) && text.includes('LOCKED') && !text.includes('AVAILABLE');
      },
      seat.seatName,
      { timeout: 5000 },
    );
    expect(log.urls.some((u) => u.startsWith('ws://'))).toBe(true);
    await must(app.gql, M.cancel, { id: order.id });
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the REST API reference', () => {
  it('renders Swagger UI over /openapi.json from local assets', async () => {
    const { page, log, response } = await open('/docs');
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.swagger-ui .opblock');
    expect(await page.$$eval('.swagger-ui .opblock', (els) => els.length)).toBeGreaterThan(50);
    expect(log.urls.some((u) => u.endsWith('/openapi.json'))).toBe(true);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});

describe('a browser page on another origin', () => {
  it('calls the API across origins: the preflight passes and exposed headers are readable', async () => {
    // localhost and 127.0.0.1 are different origins; demo mode allows loopback origins by default.
    const other = app.url.replace('127.0.0.1', 'localhost');
    const { page } = await openPage(browser);
    await page.goto(`${other}/healthz`);
    const result = await page.evaluate(async (api) => {
      const res = await fetch(`${api}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vendor-key': 'demo-vendor-key', 'x-request-id': 'from-the-page' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      return { status: res.status, body: await res.json(), requestId: res.headers.get('x-request-id') };
    }, app.url);
    expect(result).toEqual({ status: 200, body: { data: { __typename: 'Query' } }, requestId: 'from-the-page' });
    await page.context().close();
  });
});

describe('every page', () => {
  it('asked nothing of any origin but the service', () => {
    expect(logs.length).toBe(3);
    expect(logs.flatMap((log) => foreignRequests(log, [app.url]))).toEqual([]);
    const urls = logs.flatMap((log) => log.urls);
    for (const asset of ['graphiql.min.js', 'react.production.min.js', 'swagger-ui-bundle.js']) {
      expect(urls.some((u) => u.endsWith(`/assets/vendor/${asset}`))).toBe(true);
    }
  });
});
