/// <reference lib="dom" />
// Callbacks of page.evaluate / waitForFunction run in the browser.
import type { Browser } from 'playwright-core';
import { useTestApp } from '../helpers/app';
import { launchBrowser, openPage } from '../helpers/browser';

/**
 * The pages fit the screens people open them on: the seat map of the widest auditorium (28 columns in the
 * seed), row letters included, without scrolling sideways at 1280 and 1920 px; GraphiQL's default
 * document, its help comment included, whole at 1280 px.
 */
let browser: Browser;
let widest: { showtimeId: number; columns: number };

const { app, sql } = useTestApp();
beforeAll(async () => {
  browser = await launchBrowser();
  [widest] = await sql<{ showtimeId: number; columns: number }[]>`
    select s.id as "showtimeId", v.columns from showtimes s join layout_versions v on v.id = s.layout_version_id
    where not s.is_canceled order by v.columns desc, s.id limit 1`;
});
afterAll(async () => {
  await browser?.close();
});

/** Where the map's cells are, against the window and the scrolling view around the map. */
interface Fit {
  viewWidth: number;
  scrollWidth: number;
  scrollLeft: number;
  pageScrollWidth: number;
  windowWidth: number;
  labels: number;
  outside: string[];
}

describe('the seat map of the widest auditorium', () => {
  for (const width of [1280, 1920]) {
    it(`shows every seat and row letter without scrolling sideways at ${width} px`, async () => {
      expect(widest.columns).toBeGreaterThanOrEqual(28);
      const { page, log } = await openPage(browser, { viewport: { width, height: 1000 } });
      expect((await page.goto(`${app.url}/seat-map/${widest.showtimeId}`))?.status()).toBe(200);
      await page.waitForSelector('body[data-connection="live"]');
      const fit = await page.evaluate((): Fit => {
        const view = document.getElementById('auditorium-view')!;
        const box = view.getBoundingClientRect();
        const cells = Array.from(document.querySelectorAll<HTMLElement>('#map .row-label, #map .seat'));
        const outside = cells
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < Math.max(0, box.left) || r.right > Math.min(window.innerWidth, box.right);
          })
          .map((el) => el.textContent || el.getAttribute('data-seat') || '?');
        return {
          viewWidth: view.clientWidth,
          scrollWidth: view.scrollWidth,
          scrollLeft: view.scrollLeft,
          pageScrollWidth: document.documentElement.scrollWidth,
          windowWidth: document.documentElement.clientWidth,
          labels: document.querySelectorAll('#map .row-label').length,
          outside,
        };
      });
      expect(fit.labels).toBeGreaterThan(0);
      expect(fit.outside).toEqual([]);
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.viewWidth);
      expect(fit.scrollLeft).toBe(0);
      expect(fit.pageScrollWidth).toBeLessThanOrEqual(fit.windowWidth);
      expect(log.errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe('GraphiQL at 1280 px', () => {
  it('shows the default document whole, its help comment (how to set headers) included, without scrolling sideways', async () => {
    const { page, log } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/graphiql`);
    await page.waitForSelector('.graphiql-query-editor .CodeMirror-line');
    const comment = await page.evaluate(() => {
      const editor = document.querySelector('.graphiql-query-editor .CodeMirror-scroll')!;
      // The run button and the other tools float over the editor's right side.
      const tools = document.querySelector('.graphiql-toolbar');
      const right = Math.min(editor.getBoundingClientRect().right, tools?.getBoundingClientRect().left ?? Infinity);
      const lines = Array.from(document.querySelectorAll<HTMLElement>('.graphiql-query-editor .CodeMirror-line'));
      return lines.map((l) => {
        // The text's own extent (a line element spans the editor's width whatever its text).
        const range = document.createRange();
        range.selectNodeContents(l);
        return { text: l.textContent, cut: range.getBoundingClientRect().right > right };
      });
    });
    expect(comment.some((l) => /header/i.test(l.text ?? ''))).toBe(true);
    expect(comment.filter((l) => l.cut)).toEqual([]);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});
