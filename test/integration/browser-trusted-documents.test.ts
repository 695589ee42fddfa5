/// <reference lib="dom" />
// Callbacks of page.evaluate / waitForFunction run in the browser.
import type { Browser } from 'playwright-core';
import { useTestApp } from '../helpers/app';
import { launchBrowser, openPage } from '../helpers/browser';
import { pickShowtimes } from '../helpers/orders';

/** The service's own pages with GRAPHQL_UNTRUSTED_DOCUMENTS=refuse: their documents are in the manifest. */
let browser: Browser;

const { app, sql } = useTestApp({ env: { GRAPHQL_UNTRUSTED_DOCUMENTS: 'refuse' } });
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the pages when only trusted documents run', () => {
  it('the seat map loads its map and goes live (its query and subscription)', async () => {
    // Another document is refused here, so the pages pass only by being in the manifest.
    expect((await app.gql('{ theatre(id: 1) { id } }')).errors?.[0]?.extensions?.code).toBe('UNTRUSTED_DOCUMENT');
    const [show] = await pickShowtimes(sql, 1, 50);
    const { page, log } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const response = await page.goto(`${app.url}/seat-map/${show.showtimeId}`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('body[data-connection="live"]');
    expect(await page.locator(`[data-seat="${show.regular[0].seatName}"]`).count()).toBe(1);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it("GraphiQL runs its default document, and its Docs pane's introspection", async () => {
    const { page, log } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const introspection = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('__schema'));
    await page.goto(`${app.url}/graphiql`);
    expect((await introspection).status()).toBe(200);
    const run = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('UpcomingShowtimes'));
    await page.waitForSelector('.graphiql-execute-button');
    await page.click('.graphiql-execute-button');
    const answer = await run;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { errors?: unknown }).errors).toBeUndefined();
    await page.waitForFunction(() => document.querySelector('.result-window')?.textContent?.includes('"theatres"'));
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});
