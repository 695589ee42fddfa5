/// <reference lib="dom" />
// Callbacks of page.evaluate / waitForFunction run in the browser.
import type { Browser, Page } from 'playwright-core';
import { PRODUCTION_ENV, startTestApp, useTestApp, type TestApp } from '../helpers/app';
import { foreignRequests, launchBrowser, openPage, type PageLog } from '../helpers/browser';
import { activeClaims, holdSeats, M, must, pickShowtimes, seatsOf, type ShowtimeFixture } from '../helpers/orders';

/**
 * The seat map as a box office (demo mode; docs/web.md "Box office"): people select seats or ask for the
 * best N, hold and release them through the real API with the demo vendor key, and see each other's holds
 * live. Production serves the view-only map without the key.
 */

let browser: Browser;
let shows: ShowtimeFixture[];
const logs: PageLog[] = [];
const others: TestApp[] = [];

const { app, sql } = useTestApp();
beforeAll(async () => {
  browser = await launchBrowser();
  // Showtimes of their own: browser-seat-map.test.ts uses the 30th to 33rd.
  shows = await pickShowtimes(sql, 5, 40);
});
afterAll(async () => {
  await browser?.close();
  for (const other of others) await other.close();
});

async function openSeatMap(showtimeId: number, base = app.url) {
  const { page, log } = await openPage(browser, { viewport: { width: 1280, height: 1000 } });
  logs.push(log);
  const response = await page.goto(`${base}/seat-map/${showtimeId}`);
  expect(response?.status()).toBe(200);
  await page.waitForSelector('body[data-connection="live"]');
  return { page, log, response: response! };
}

/** Waits (at most `timeout` ms) until every named seat shows `status`; returns how long it took. */
async function seatsShow(page: Page, names: string[], status: string, timeout: number): Promise<number> {
  const started = Date.now();
  await page.waitForFunction(
    ([list, wanted]) => list.every((n) => document.querySelector(`[data-seat="${n}"]`)?.getAttribute('data-status') === wanted),
    [names, status] as const,
    { timeout, polling: 'raf' },
  );
  return Date.now() - started;
}

/** Waits until the live region has said something matching `pattern`; returns what it says. */
async function announced(page: Page, pattern: RegExp, timeout = 5000): Promise<string> {
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.getElementById('box-office-status')?.textContent ?? ''),
    [pattern.source, pattern.flags] as const,
    { timeout },
  );
  return (await page.textContent('#box-office-status')) ?? '';
}

const mine = (page: Page) => page.$$eval('.seat[data-mine]', (els) => els.map((e) => e.getAttribute('data-seat')!));
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-seat') ?? document.activeElement?.id ?? null);

/** Active claims of a showtime held by one order, as seat names. */
async function claimedBy(showtimeId: number, orderId: number, show: ShowtimeFixture): Promise<string[]> {
  const names = new Map(show.regular.concat(show.premiere).map((s) => [`${s.row}:${s.column}`, s.seatName]));
  const claims = await activeClaims(sql, showtimeId);
  return [...claims].filter(([, c]) => c.orderId === orderId).map(([key]) => names.get(key) ?? key).sort();
}

/** The order the page holds with (kept in sessionStorage for a reload). */
const pageOrderId = (page: Page, showtimeId: number) =>
  page.evaluate((id) => Number(window.sessionStorage.getItem(`marquee-box-office:${id}`)), showtimeId);

describe('the seat map as a box office (demo mode)', () => {
  it('two pages: one holds the best 3 seats, the other sees them held within 1 s; releasing frees them on both', async () => {
    const show = shows[0];
    const a = await openSeatMap(show.showtimeId);
    const b = await openSeatMap(show.showtimeId);
    await a.page.fill('#best-quantity', '3');
    expect(await a.page.textContent('#hold-best')).toBe('Hold the best 3 seats');
    await a.page.click('#hold-best');
    await a.page.waitForSelector('#hold:not([hidden])');
    const heldAt = Date.now();
    const names = (await mine(a.page)).sort();
    expect(names).toHaveLength(3);
    // One row, side by side (the allocator's rule), and held in the database by the page's order.
    const seats = names.map((n) => show.regular.concat(show.premiere).find((s) => s.seatName === n)!);
    expect(new Set(seats.map((s) => s.row)).size).toBe(1);
    const columns = seats.map((s) => s.column).sort((x, y) => x - y);
    expect(columns[2] - columns[0]).toBe(2);
    const orderId = await pageOrderId(a.page, show.showtimeId);
    expect(await claimedBy(show.showtimeId, orderId, show)).toEqual(names);

    // (A timeout of 0 would be none.)
    await seatsShow(b.page, names, 'Locked', Math.max(1, 1000 - (Date.now() - heldAt)));
    expect(Date.now() - heldAt).toBeLessThanOrEqual(1000);
    expect(await mine(b.page)).toEqual([]);
    await seatsShow(a.page, names, 'Locked', 1000);
    expect(await a.page.getAttribute('#box-office-status', 'aria-live')).toBe('polite');
    expect(await announced(a.page, /^3 seats held until \d{1,2}:\d{2}/)).toContain(names.join(', '));
    expect(await a.page.textContent('#countdown')).toMatch(/^\((6:5\d|7:00) left\)$/);
    expect(await a.page.getAttribute(`[data-seat="${names[0]}"]`, 'aria-label')).toMatch(/, Held, held for you$/);
    expect(await a.page.textContent('#legend')).toMatch(/Held for you\s*3/);

    await a.page.click('#release');
    const releasedAt = Date.now();
    await Promise.all([seatsShow(a.page, names, 'Available', 1000), seatsShow(b.page, names, 'Available', 1000)]);
    expect(Date.now() - releasedAt).toBeLessThanOrEqual(1000);
    expect(await announced(a.page, /^Seats released: /)).toBe(`Seats released: ${names.join(', ')}.`);
    expect(await a.page.isHidden('#hold')).toBe(true);
    expect(await claimedBy(show.showtimeId, orderId, show)).toEqual([]);
    const [order] = await sql<{ status: string }[]>`select status from orders where id = ${orderId}`;
    expect(order.status).toBe('Cancelled');
    expect([...a.log.errors, ...b.log.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('is usable by keyboard: arrows to a seat, Space selects it, Tab to Hold, Enter holds it; one tab stop throughout', async () => {
    const show = shows[1];
    const { page, log } = await openSeatMap(show.showtimeId);
    await page.keyboard.press('Tab');
    const start = await focused(page);
    expect(start).toBe(await page.getAttribute('.seat[tabindex="0"]', 'data-seat'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // Along the row to a seat anyone may hold (a few seats of the layout are blocked, or wheelchair spaces).
    const holdable = () => page.evaluate(() =>
      document.activeElement?.getAttribute('data-status') === 'Available' && document.activeElement.getAttribute('data-type') === 'CAN_RESERVE');
    for (let i = 0; i < 3 || !(await holdable()); i += 1) {
      expect(i).toBeLessThan(12);
      await page.keyboard.press('ArrowRight');
    }
    const seat = (await focused(page))!;
    expect(seat).not.toBe(start);
    expect(await page.getAttribute(`[data-seat="${seat}"]`, 'aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    expect(await page.getAttribute(`[data-seat="${seat}"]`, 'aria-pressed')).toBe('true');
    expect(await page.textContent('#selected')).toBe(`${seat} selected; 1 seat selected.`);
    expect(await page.$$eval('.seat[tabindex="0"]', (els) => els.map((e) => e.getAttribute('data-seat')))).toEqual([seat]);
    // Enter toggles too: off and on again.
    await page.keyboard.press('Enter');
    expect(await page.getAttribute(`[data-seat="${seat}"]`, 'aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await page.textContent('#selection')).toBe(`Selected: ${seat}.`);

    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('hold-selected');
    await page.keyboard.press('Enter');
    expect(await announced(page, /^1 seat held until /)).toMatch(new RegExp(`: ${seat}\\.$`));
    await seatsShow(page, [seat], 'Locked', 1000);
    expect(await mine(page)).toEqual([seat]);
    expect(await page.getAttribute(`[data-seat="${seat}"]`, 'aria-pressed')).toBe('false');
    const orderId = await pageOrderId(page, show.showtimeId);
    expect(await claimedBy(show.showtimeId, orderId, show)).toEqual([seat]);

    // The Hold button is disabled now (nothing selected): the focus is back on the map, at the seat it left.
    expect(await focused(page)).toBe(seat);
    // Its own release button, by keyboard; the last seat of the hold cancels the order.
    await page.focus(`#hold-seats button[aria-label="Release seat ${seat}"]`);
    await page.keyboard.press('Enter');
    await seatsShow(page, [seat], 'Available', 1000);
    expect(await announced(page, /released/)).toBe(`Seat ${seat} released.`);
    expect(await claimedBy(show.showtimeId, orderId, show)).toEqual([]);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('announces a selected seat taken by someone else, and shows a 409 with its message in words', async () => {
    const show = shows[2];
    const { page, log } = await openSeatMap(show.showtimeId);
    const [s1, s2, s3] = show.regular.slice(30, 33);
    await page.click(`[data-seat="${s1.seatName}"]`);
    await page.click(`[data-seat="${s2.seatName}"]`);
    expect(await page.textContent('#selection')).toBe(`Selected: ${s1.seatName}, ${s2.seatName}.`);
    const other = await holdSeats(app.gql, show.showtimeId, seatsOf([s1]));
    expect(await announced(page, /taken/, 1000)).toBe(`Seat ${s1.seatName} was taken by someone else.`);
    expect(await page.getAttribute(`[data-seat="${s1.seatName}"]`, 'aria-pressed')).toBe('false');
    expect(await page.textContent('#selection')).toBe(`Selected: ${s2.seatName}.`);
    await page.click(`[data-seat="${s1.seatName}"]`);
    expect(await page.textContent('#selected')).toBe(`${s1.seatName} cannot be selected: Held.`);

    // Someone else takes s3 while the page's hold is on its way (its addTickets is let through once the
    // other order committed): the service answers 409 SEAT_UNAVAILABLE, which the page says in words.
    await page.click(`[data-seat="${s3.seatName}"]`);
    let rival: number | null = null;
    let pageOrder: number | null = null;
    await page.route('**/graphql', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { query?: string; variables?: { input?: { orderId?: number } } };
      if (/BoxOfficeHold/.test(body.query ?? '') && rival === null) {
        pageOrder = body.variables!.input!.orderId!;
        rival = (await holdSeats(app.gql, show.showtimeId, seatsOf([s3]))).id;
      }
      await route.continue();
    });
    await page.click('#hold-selected');
    await page.waitForSelector('#box-office-error:not([hidden])');
    expect(await page.textContent('#box-office-error')).toBe(`Not held. Seats unavailable: ${s3.seatName}.`);
    expect(await announced(page, new RegExp(`Seat ${s3.seatName} was taken`))).toBe(`Seat ${s3.seatName} was taken by someone else.`);
    expect(await page.textContent('#selection')).toBe(`Selected: ${s2.seatName}.`);
    expect(await page.isHidden('#hold')).toBe(true);
    // Nothing of the call is held, and the order the page created for it is cancelled again.
    expect(await activeClaims(sql, show.showtimeId)).toEqual(new Map([
      [`${s1.row}:${s1.column}`, { orderId: other.id, status: 'held' }],
      [`${s3.row}:${s3.column}`, { orderId: rival, status: 'held' }],
    ]));
    await page.unroute('**/graphql');
    for (let i = 0; ; i += 1) {
      const [created] = await sql<{ status: string }[]>`select status from orders where id = ${pageOrder!}`;
      if (created.status === 'Cancelled') break;
      expect(i).toBeLessThan(40);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Best-available refusals come with the allocator's message.
    await page.fill('#best-quantity', '10');
    await page.check('#best-accessible');
    await page.click('#hold-best');
    await page.waitForFunction(() => /wheelchair/.test(document.getElementById('box-office-error')?.textContent ?? ''));
    expect(await page.textContent('#box-office-error')).toBe(
      'Not held. No wheelchair space with 9 companion seats beside it is available; an accessible party is not split.',
    );
    await must(app.gql, M.cancel, { id: other.id });
    await must(app.gql, M.cancel, { id: rival });
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('finds its hold again after a reload, adds seats to it, counts down from the order expiry and extends it', async () => {
    const show = shows[3];
    const { page, log } = await openSeatMap(show.showtimeId);
    const [s1, s2] = show.regular.slice(40, 42);
    await page.click(`[data-seat="${s1.seatName}"]`);
    await page.click('#hold-selected');
    await announced(page, /^1 seat held/);
    const orderId = await pageOrderId(page, show.showtimeId);
    await page.reload();
    await page.waitForSelector('body[data-connection="live"]');
    await page.waitForSelector('#hold:not([hidden])');
    expect(await mine(page)).toEqual([s1.seatName]);
    await page.click(`[data-seat="${s2.seatName}"]`);
    await page.click('#hold-selected');
    expect(await announced(page, /more seat held/)).toMatch(new RegExp(`^1 more seat held: ${s2.seatName}\\. All 2 held until `));
    expect(await pageOrderId(page, show.showtimeId)).toBe(orderId);
    expect(await claimedBy(show.showtimeId, orderId, show)).toEqual([s1.seatName, s2.seatName].sort());
    // The countdown is the order's expiry, whatever the browser's clock says.
    const [{ expires_at: expiresAt }] = await sql<{ expires_at: Date }[]>`select expires_at from orders where id = ${orderId}`;
    const shown = await page.textContent('#countdown');
    const [, minutes, seconds] = /^\((\d+):(\d{2}) left\)$/.exec(shown ?? '')!;
    expect(Math.abs(Number(minutes) * 60 + Number(seconds) - (expiresAt.getTime() - Date.now()) / 1000)).toBeLessThan(3);
    // "More time" moves the order's expiry (refreshOrderExpiration) and says until when.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await page.click('#extend');
    expect(await announced(page, /^2 seats held until /)).toMatch(/^2 seats held until \d{1,2}:\d{2}.*\.$/);
    const [{ expires_at: extended }] = await sql<{ expires_at: Date }[]>`select expires_at from orders where id = ${orderId}`;
    expect(extended.getTime() - expiresAt.getTime()).toBeGreaterThanOrEqual(1000);
    await page.click('#release');
    await announced(page, /^Seats released/);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('says in words when the hold expires, and shows its seats available again', async () => {
    const short = await startTestApp({ env: { ORDER_HOLD_SECONDS: '3' } });
    others.push(short);
    const show = shows[4];
    const { page, log } = await openSeatMap(show.showtimeId, short.url);
    const seat = show.regular[50];
    await page.click(`[data-seat="${seat.seatName}"]`);
    await page.click('#hold-selected');
    await seatsShow(page, [seat.seatName], 'Locked', 1000);
    expect(await announced(page, /One minute left/)).toMatch(/^1 seat held until .* One minute left on your hold\.$/);
    await page.waitForSelector('#box-office-error:not([hidden])', { timeout: 8000 });
    expect(await page.textContent('#box-office-error')).toMatch(
      new RegExp(`^Your hold expired at \\d{1,2}:\\d{2}.* and its seats were released: ${seat.seatName}\\. Choose seats again`),
    );
    expect(await page.getAttribute(`[data-seat="${seat.seatName}"]`, 'data-status')).toBe('Available');
    expect(await mine(page)).toEqual([]);
    expect(await page.isHidden('#hold')).toBe(true);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('carries the demo vendor key, and may be framed only by the service itself', async () => {
    const { page, response } = await openSeatMap(shows[0].showtimeId);
    expect(await page.getAttribute('#box-office', 'data-vendor-key')).toBe('demo-vendor-key');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await page.context().close();
  });

  it('asked nothing of any origin but the service', () => {
    const origins = [app.url, ...others.map((o) => o.url)];
    expect(logs.flatMap((log) => foreignRequests(log, origins))).toEqual([]);
    expect(logs.flatMap((log) => log.urls).some((u) => u.endsWith('/assets/seat-map-box-office.js'))).toBe(true);
  });
});

describe('the seat map in production', () => {
  it('is view-only: no hold controls, no vendor key, no request with one; frameable by any site', async () => {
    const prod = await startTestApp({ env: PRODUCTION_ENV });
    others.push(prod);
    const show = shows[0];
    const html = await (await fetch(`${prod.url}/seat-map/${show.showtimeId}`)).text();
    expect(html).not.toMatch(/vendor-key|box-office/i);
    expect(html).not.toContain('demo-vendor-key');

    const { page, log, response } = await openSeatMap(show.showtimeId, prod.url);
    expect(response.headers()['content-security-policy']).toContain('frame-ancestors *');
    const sentKeys: string[] = [];
    page.on('request', (request) => {
      const key = request.headers()['x-vendor-key'];
      if (key) sentKeys.push(key);
    });
    expect(await page.$('#box-office')).toBeNull();
    expect(await page.$$('button:not(.seat)')).toEqual([]);
    const seat = show.regular[5].seatName;
    await page.click(`[data-seat="${seat}"]`);
    expect(await page.getAttribute(`[data-seat="${seat}"]`, 'aria-pressed')).toBeNull();
    expect(await page.textContent('#selected')).toMatch(new RegExp(`^${seat}: Available · Regular`));
    await page.keyboard.press('Space');
    expect(await page.$$('[data-selected], [data-mine]')).toEqual([]);
    expect(await page.content()).not.toContain('demo-vendor-key');
    expect(log.urls.some((u) => u.includes('seat-map-box-office'))).toBe(false);
    expect(sentKeys).toEqual([]);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});
