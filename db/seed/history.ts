import { orderPayments, orderProducts, orders } from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';
import type { MovieSeed } from './movies';
import { createRandom } from './random';
import { seededUuid } from './wallet';

/**
 * Past, fulfilled orders of accounts 1 and 2: the order history that personalized movie views rank by
 * (docs/accounts.md). The showtimes were before the seeded days, so their lines keep the movie and the
 * theatre but no showtime (there is none to point at), as an archived order's would.
 */
export async function seedOrderHistory(tx: SeedTx, today: Date, movies: readonly MovieSeed[]): Promise<{ orders: number }> {
  const rng = createRandom('history');
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const playing = movies.filter((m) => m.status === 'now');
  // Account 1 goes to theatre 1 and likes one genre (two past orders in it); account 2 another.
  const genreOf = (preferred: string) => playing.filter((m) => m.genre === preferred);
  const genres = [...new Set(playing.map((m) => m.genre))].sort();
  const plans = [
    { account: 1, theatreId: 1, genre: genres[0], orders: 3, lastFour: '4242' },
    { account: 2, theatreId: 2, genre: genres[Math.min(1, genres.length - 1)], orders: 1, lastFour: '8431' },
  ];
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const products: (typeof orderProducts.$inferInsert)[] = [];
  const payments: (typeof orderPayments.$inferInsert)[] = [];
  for (const plan of plans) {
    const pool = genreOf(plan.genre).length ? genreOf(plan.genre) : playing;
    for (let n = 0; n < plan.orders; n++) {
      const id = orderRows.length + 1;
      const movie = pool[n % pool.length];
      const when = new Date(base - (10 + n * 9) * 86400000 + 19 * 3600000);
      const seats = rng.int(1, 3);
      const cost = 14.5;
      orderRows.push({
        id,
        token: seededUuid(rng),
        vendorId: null,
        siteAccountId: plan.account,
        email: `account${plan.account}@demo.marquee.example`,
        status: 'Fulfilled',
        createdAt: new Date(when.getTime() - 3 * 86400000),
        updatedAt: new Date(when.getTime() - 3 * 86400000 + 120000),
        expiresAt: new Date(when.getTime() - 3 * 86400000 + 420000),
        fulfilledAt: new Date(when.getTime() - 3 * 86400000 + 120000),
      });
      for (let s = 0; s < seats; s++) {
        products.push({
          id: products.length + 1,
          orderId: id,
          lineNumber: s + 1,
          kind: 'Ticket',
          status: 'Fulfilled',
          sku: 'TKT-ADULT',
          name: `${movie.name} (ADULT)`,
          quantity: 1,
          cost,
          tax: 1.2,
          fees: [],
          token: seededUuid(rng),
          showtimeId: null,
          ticketType: 'ADULT',
          row: 5,
          column: 6 + s,
          seatName: `E${6 + s}`,
          theatreId: plan.theatreId,
          movieId: movie.id,
          confirmationCode: `H${String(id).padStart(3, '0')}${s + 1}`,
          createdAt: new Date(when.getTime() - 3 * 86400000),
        });
      }
      payments.push({
        id: payments.length + 1,
        orderId: id,
        lineNumber: 1,
        type: 'creditCard',
        cardLastFour: plan.lastFour,
        amount: Math.round(seats * (cost + 1.2) * 100) / 100,
        status: 'Fulfilled',
        createdAt: new Date(when.getTime() - 3 * 86400000 + 60000),
      });
    }
  }
  await insertRows(tx, orders, orderRows);
  await insertRows(tx, orderProducts, products);
  await insertRows(tx, orderPayments, payments);
  for (const t of [orders, orderProducts, orderPayments]) await syncSequence(tx, t);
  return { orders: orderRows.length };
}
