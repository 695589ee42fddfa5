/// <reference lib="dom" />
// Callbacks of page.evaluate / waitForFunction run in the browser.
import type { Browser, Page } from 'playwright-core';
import { useTestApp } from '../helpers/app';
import { foreignRequests, launchBrowser, openPage, type PageLog } from '../helpers/browser';
import { holdSeats, M, must, pickShowtimes, seatsOf, type ShowtimeFixture } from '../helpers/orders';
import { TcpProxy } from '../helpers/tcp-proxy';

let browser: Browser;
let shows: ShowtimeFixture[];
/** Every page this file opened, for the one-origin check at the end. */
const logs: PageLog[] = [];
const proxies: TcpProxy[] = [];

const { app, sql } = useTestApp();
beforeAll(async () => {
  browser = await launchBrowser();
  shows = await pickShowtimes(sql, 4, 30);
});
afterAll(async () => {
  await browser?.close();
  for (const proxy of proxies) await proxy.close();
});

/** Opens the seat map of a showtime (through `base`, default the app) and waits until it is live. */
async function openSeatMap(showtimeId: number, base = app.url, viewport = { width: 1280, height: 900 }) {
  const { page, log } = await openPage(browser, { viewport });
  logs.push(log);
  const response = await page.goto(`${base}/seat-map/${showtimeId}`);
  expect(response?.status()).toBe(200);
  await page.waitForSelector('body[data-connection="live"]');
  return { page, log };
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

describe('the live seat map page', () => {
  it('draws every seat of the layout with the status REST reports, and names the show', async () => {
    const show = shows[0];
    const held = await holdSeats(app.gql, show.showtimeId, seatsOf(show.regular.slice(0, 2)));
    const { page, log } = await openSeatMap(show.showtimeId);
    const { data } = await app.gql<{
      showtime: { movieName: string; theatreId: number; performanceNumber: number; theatre: { name: string };
        seatingLayout: { layout: { seats: { seatName: string; type: string }[] } } };
    }>(`query($id: Int!) { showtime(id: $id) { movieName theatreId performanceNumber theatre { name }
      seatingLayout { layout { seats { seatName type } } } } }`, { id: show.showtimeId });
    const seats = data!.showtime.seatingLayout.layout.seats.filter((s) => s.type !== 'NOT_A_SEAT');
    const shown = await page.$$eval('[data-seat]', (els) =>
      els.map((e) => ({ name: e.getAttribute('data-seat'), status: e.getAttribute('data-status'), tag: e.tagName, label: e.getAttribute('aria-label') })),
    );
    expect(shown).toHaveLength(seats.length);
    expect(new Set(shown.map((s) => s.name))).toEqual(new Set(seats.map((s) => s.seatName)));
    expect(shown.every((s) => s.tag === 'BUTTON')).toBe(true);

    // The spec's spelling, as REST prints it, seat for seat.
    const rest = await app.get<{ seats: { seatName: string; seatStatus: string; type: string }[] }>(
      `/v3/seating-layouts/${data!.showtime.theatreId}/${data!.showtime.performanceNumber}`,
    );
    const restStatus = new Map(rest.body.seats.filter((s) => s.type !== 'NotASeat').map((s) => [s.seatName, s.seatStatus]));
    for (const s of shown) expect([s.name, s.status]).toEqual([s.name, restStatus.get(s.name!)]);
    expect(shown.find((s) => s.name === show.regular[0].seatName)?.status).toBe('Locked');

    const regular = show.regular[5].seatName;
    const [, rowLetter, number] = /^([A-Z]+)(\d+)$/.exec(regular)!;
    expect(shown.find((s) => s.name === regular)?.label).toBe(`Row ${rowLetter}, seat ${number}, Available`);
    const header = await page.textContent('header');
    expect(header).toContain(data!.showtime.movieName);
    expect(header).toContain(data!.showtime.theatre.name);
    expect(await page.textContent('#legend')).toMatch(/Available[\s\S]*Held[\s\S]*Sold/);
    expect(log.errors).toEqual([]);
    await must(app.gql, M.cancel, { id: held.id });
    await page.context().close();
  });

  it('turns held seats to Locked within 1 s of the hold, and back to Available within 1 s of the cancel', async () => {
    const show = shows[1];
    const { page, log } = await openSeatMap(show.showtimeId);
    const names = show.regular.slice(10, 13).map((s) => s.seatName);
    const order = await holdSeats(app.gql, show.showtimeId, seatsOf(show.regular.slice(10, 13)));
    await seatsShow(page, names, 'Locked', 1000);
    await must(app.gql, M.cancel, { id: order.id });
    await seatsShow(page, names, 'Available', 1000);
    expect(await page.getAttribute(`[data-seat="${names[0]}"]`, 'aria-label')).toMatch(/, Available$/);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('resumes after a dropped connection from its last cursor, receiving what happened meanwhile', async () => {
    const show = shows[2];
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(app.url).port) });
    proxies.push(proxy);
    const base = `http://127.0.0.1:${proxy.port}`;
    const { page, log } = await openSeatMap(show.showtimeId, base);
    const seats = show.regular.slice(20, 22);
    const mapLoads = () => log.urls.length;
    await proxy.cut('refuse');
    await page.waitForSelector('body[data-connection="reconnecting"]');
    const requestsBefore = mapLoads();
    const order = await holdSeats(app.gql, show.showtimeId, seatsOf(seats));
    await proxy.restore();
    await seatsShow(page, seats.map((s) => s.seatName), 'Locked', 15_000);
    // It subscribed again with the cursor of the last message it had, and did not reload the map.
    const subscribes = log.framesSent.map((f) => JSON.parse(f)).filter((m) => m.type === 'subscribe');
    expect(subscribes.length).toBeGreaterThanOrEqual(2);
    expect(subscribes[0].payload.variables.after).toBeNull();
    expect(subscribes.at(-1).payload.variables.after).toEqual(expect.any(String));
    const httpAfterCut = log.urls.slice(requestsBefore).filter((u) => u.startsWith('http'));
    expect(httpAfterCut).toEqual([]);
    await must(app.gql, M.cancel, { id: order.id });
    await seatsShow(page, seats.map((s) => s.seatName), 'Available', 2000);
    await page.context().close();
  });

  it('loads the map again when its cursor has expired (the log was pruned while it was away)', async () => {
    const show = shows[3];
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(app.url).port) });
    proxies.push(proxy);
    const { page, log } = await openSeatMap(show.showtimeId, `http://127.0.0.1:${proxy.port}`);
    await proxy.cut('refuse');
    await page.waitForSelector('body[data-connection="reconnecting"]');
    const seats = show.regular.slice(3, 4);
    const order = await holdSeats(app.gql, show.showtimeId, seatsOf(seats));
    await sql`delete from seat_events where showtime_id = ${show.showtimeId}`;
    const before = log.urls.length;
    await proxy.restore();
    await seatsShow(page, seats.map((s) => s.seatName), 'Locked', 15_000);
    await page.waitForSelector('body[data-connection="live"]');
    // The map came again over HTTP (POST /graphql), and the new subscription starts without a cursor.
    expect(log.urls.slice(before).filter((u) => u.endsWith('/graphql') && u.startsWith('http'))).not.toEqual([]);
    const subscribes = log.framesSent.map((f) => JSON.parse(f)).filter((m) => m.type === 'subscribe');
    expect(subscribes.at(-1).payload.variables.after).toBeNull();
    await must(app.gql, M.cancel, { id: order.id });
    await page.context().close();
  });

  it('is usable by keyboard: one tab stop, arrow keys between seats, Enter describes the seat', async () => {
    const { page } = await openSeatMap(shows[0].showtimeId);
    expect(await page.$$eval('.seat[tabindex="0"]', (els) => els.length)).toBe(1);
    await page.focus('.seat[tabindex="0"]');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-seat'));
    await page.keyboard.press('ArrowRight');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('data-seat'));
    expect(second).not.toBe(first);
    await page.keyboard.press('ArrowDown');
    const below = await page.evaluate(() => document.activeElement?.getAttribute('data-seat'));
    expect(below?.[0]).not.toBe(second?.[0]);
    await page.keyboard.press('Enter');
    expect(await page.textContent('#selected')).toContain(below);
    await page.context().close();
  });

  it('fits a phone: seats stay at least 20 px wide and only the map scrolls sideways', async () => {
    const { page } = await openSeatMap(shows[0].showtimeId, app.url, { width: 390, height: 844 });
    const widths = await page.$$eval('.seat', (els) => els.map((e) => e.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it('asked nothing of any origin but the service', () => {
    const origins = [app.url, ...proxies.map((p) => `http://127.0.0.1:${p.port}`)];
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.flatMap((log) => foreignRequests(log, origins))).toEqual([]);
    expect(logs.flatMap((log) => log.urls).some((u) => u.includes('/assets/vendor/graphql-ws.min.js'))).toBe(true);
  });
});
