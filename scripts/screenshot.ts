/**
 * `npx tsx scripts/screenshot.ts [out.png [width]]`: takes docs/seat-map.png (900 px wide; 390 looks at it as a phone), the README's picture of the live
 * seat map. Starts the service on a free port over DATABASE_URL (or, unset, a fresh embedded PGlite in a
 * temporary folder, migrated and seeded with the demo chain), sells and holds a few seats of the first
 * upcoming showtime through the GraphQL API with the demo vendor key, holds the best 3 and selects two more
 * through the page's box office, and photographs the page in
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { databaseTimeouts, loadConfig } from '../src/config';
import { buildServer } from '../src/server';

const VENDOR = { 'content-type': 'application/json', 'x-vendor-key': 'demo-vendor-key' };

interface LayoutSeat {
  row: number;
  column: number;
  seatName: string;
  type: string;
  seatTier: string;
}

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'docs', 'seat-map.png'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-screenshot-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir, ...databaseTimeouts(config) });
  await database.migrate();
  await seedIfEmpty(database.db, { scale: 1, log: () => undefined });
  const server = await buildServer({ config, database });
  const base = await server.listen(0, '127.0.0.1');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
  try {
    const gql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const res = await fetch(`${base}/graphql`, { method: 'POST', headers: VENDOR, body: JSON.stringify({ query, variables }) });
      const body = (await res.json()) as { data?: T; errors?: unknown[] };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };
    const { theatres } = await gql<{ theatres: { items: { showtimesPage: { items: { id: number }[] } }[] } }>(
      '{ theatres(pageSize: 1) { items { showtimesPage(pageSize: 1) { items { id } } } } }',
    );
    const showtimeId = theatres.items[0].showtimesPage.items[0].id;
    const { showtime } = await gql<{ showtime: { seatingLayout: { layout: { seats: LayoutSeat[] }; seatStatuses: string[] } } }>(
      'query($id: Int!) { showtime(id: $id) { seatingLayout { seatStatuses layout { seats { row column seatName type seatTier } } } } }',
      { id: showtimeId },
    );
    const { seats } = showtime.seatingLayout.layout;
    const free = seats.filter((s, i) => s.type === 'CAN_RESERVE' && showtime.seatingLayout.seatStatuses[i] === 'AVAILABLE');
    const rows = [...new Set(free.map((s) => s.row))];
    const pick = (row: number, from: number, count: number) =>
      free.filter((s) => s.row === row).slice(from, from + count).map(({ row: r, column }) => ({ row: r, column }));

    const order = async (picked: { row: number; column: number }[]) => {
      const { createOrder } = await gql<{ createOrder: { id: number } }>('mutation { createOrder(input: {}) { id } }');
      const { addTickets } = await gql<{ addTickets: { id: number; balanceDue: number } }>(
        'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id balanceDue } }',
        { input: { orderId: createOrder.id, showtimeId, seats: picked } },
      );
      return addTickets;
    };
    // Sold: two couples in the middle; held: a family a few rows back (an order not yet paid).
    for (const picked of [pick(rows[4], 6, 2), pick(rows[5], 9, 3), pick(rows[3], 12, 2)]) {
      const held = await order(picked);
      await gql('mutation($input: AddPaymentInput!) { addPayment(input: $input) { id } }', {
        input: { orderId: held.id, type: 'CREDIT_CARD', amount: held.balanceDue, cardNumber: '4111111111111111' },
      });
      await gql('mutation($id: Int!) { fulfillOrder(orderId: $id) { id } }', { id: held.id });
    }
    await order(pick(rows[7], 4, 4));

    const width = Number(process.argv[3] ?? 900);
    const page = await browser.newPage({ viewport: { width, height: 820 }, deviceScaleFactor: 1 });
    await page.goto(`${base}/seat-map/${showtimeId}`);
    await page.waitForSelector('body[data-connection="live"]');
    // The box office (demo mode) in use: the best 3 seats held from the page, two more seats selected.
    await page.fill('#best-quantity', '3');
    await page.click('#hold-best');
    await page.waitForSelector('#hold:not([hidden])');
    for (const seat of free.filter((s) => s.row === rows[9]).slice(14, 16)) await page.click(`[data-seat="${seat.seatName}"]`);
    await page.waitForFunction(() => document.getElementById('box-office-status')?.textContent);
    await page.screenshot({ path: out, fullPage: true });
    console.log(`${out}: showtime ${showtimeId}`);
  } finally {
    await browser.close();
    await server.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
