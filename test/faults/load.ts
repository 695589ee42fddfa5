import { graphql, request, type Json, type Stats } from './stats';
import { pick, sleep } from './util';

/** A showtime the load holds seats of, with its sellable Regular seats. */
export interface LoadShowtime {
  showtimeId: number;
  theatreId: number;
  seats: { row: number; column: number }[];
}

/** What the vendor clients did, for the checks: orders whose refund was acknowledged, cycles by ending. */
export interface LoadRecord {
  refundedOrders: Set<number>;
  cycles: Map<string, number>;
}

const Q = {
  theatres: `{ theatres(pageSize: 10) { totalCount items { id name timezone } } }`,
  theatreDay: `query($id: Int!) { theatre(id: $id) { id name showtimes { id showDateTimeUtc movie { id name mpaaRating } } } }`,
  seatMap: `query($id: Int!) { showtime(id: $id) { id seatingLayout { rows columns seatStatuses } } }`,
  create: `mutation { createOrder(input: {}) { id } }`,
  addTickets: `mutation($input: AddTicketsInput!) { addTickets(input: $input) { id balanceDue } }`,
  addPayment: `mutation($input: AddPaymentInput!) { addPayment(input: $input) { id balanceDue } }`,
  fulfil: `mutation($id: Int!) { fulfillOrder(orderId: $id) { id status } }`,
  cancel: `mutation($id: Int!) { cancelOrder(orderId: $id) { id status } }`,
  refund: `mutation($input: RefundOrderInput!) { refundOrder(input: $input) { id status } }`,
};

const CARD = '4111111111111111';

/** The steps of an order's life over one surface; each returns null when the step did not succeed. */
interface OrderApi {
  create(): Promise<number | null>;
  hold(orderId: number, showtimeId: number, seats: { row: number; column: number }[]): Promise<{ due: number } | 'taken' | null>;
  pay(orderId: number, amount: number): Promise<boolean>;
  fulfil(orderId: number): Promise<boolean>;
  cancel(orderId: number): Promise<boolean>;
  refund(orderId: number): Promise<boolean>;
}

function graphqlOrders(stats: Stats, base: () => string, headers: Record<string, string>): OrderApi {
  const run = (query: string, variables: Record<string, unknown> = {}) => graphql(stats, base(), query, variables, headers);
  return {
    create: async () => ((await run(Q.create)).data?.createOrder?.id as number | undefined) ?? null,
    async hold(orderId, showtimeId, seats) {
      const r = await run(Q.addTickets, { input: { orderId, showtimeId, seats } });
      if (r.code === 'SEAT_UNAVAILABLE') return 'taken';
      return r.data ? { due: r.data.addTickets.balanceDue as number } : null;
    },
    pay: async (orderId, amount) => !!(await run(Q.addPayment, { input: { orderId, type: 'CREDIT_CARD', amount, cardNumber: CARD } })).data,
    fulfil: async (orderId) => !!(await run(Q.fulfil, { id: orderId })).data,
    cancel: async (orderId) => !!(await run(Q.cancel, { id: orderId })).data,
    refund: async (orderId) => !!(await run(Q.refund, { input: { orderId, reason: 'WrongSeats' } })).data,
  };
}

function restOrders(stats: Stats, base: () => string, headers: Record<string, string>): OrderApi {
  const call = (method: string, path: string, body?: unknown) => request(stats, base(), method, path, body, headers);
  return {
    async create() {
      const r = await call('POST', '/v2/orders', {});
      return r.status === 201 ? (r.body.id as number) : null;
    },
    async hold(orderId, showtimeId, seats) {
      const r = await call('POST', `/v2/orders/${orderId}/products`, { showtimeId, seats });
      if (r.status === 409) return 'taken';
      return r.status === 201 ? { due: r.body.total as number } : null;
    },
    pay: async (orderId, amount) => (await call('POST', `/v2/orders/${orderId}/payments`, { type: 'creditCard', amount, cardNumber: CARD })).status === 201,
    fulfil: async (orderId) => (await call('POST', `/v2/orders/${orderId}/fulfillment`)).status === 200,
    cancel: async (orderId) => (await call('DELETE', `/v2/orders/${orderId}`)).status === 200,
    refund: async (orderId) => (await call('POST', `/v2/orders/${orderId}/refunds`, { reason: 'WrongSeats' })).status === 200,
  };
}

/**
 * The mixed load: readers (GraphQL and REST catalog reads) and vendor clients going through whole order
 * lives — hold, then cancel, let the hold expire, or pay and fulfil (and refund most of those). Every
 * request goes to either instance at random, so an order is often held on one and paid on the other.
 */
export class Load {
  readonly record: LoadRecord = { refundedOrders: new Set(), cycles: new Map() };
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly stats: Stats,
    private readonly urls: string[],
    private readonly showtimes: LoadShowtime[],
    private readonly vendorKey: string,
  ) {}

  start(readers: number, vendors: number) {
    for (let i = 0; i < readers; i++) this.loops.push(this.reader(i));
    for (let i = 0; i < vendors; i++) this.loops.push(this.vendor(i));
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  private base = () => pick(this.urls);

  private async reader(i: number) {
    const theatres = [...new Set(this.showtimes.map((s) => s.theatreId))];
    for (let n = 0; this.running; n++) {
      const st = pick(this.showtimes);
      switch ((n + i) % 6) {
        case 0: await graphql(this.stats, this.base(), Q.theatres, {}); break;
        case 1: await graphql(this.stats, this.base(), Q.theatreDay, { id: pick(theatres) }); break;
        case 2: await graphql(this.stats, this.base(), Q.seatMap, { id: st.showtimeId }); break;
        case 3: await request(this.stats, this.base(), 'GET', `/v2/theatres/${pick(theatres)}/showtimes`); break;
        case 4: await request(this.stats, this.base(), 'GET', `/v2/showtimes/${st.showtimeId}`); break;
        default: await request(this.stats, this.base(), 'GET', `/v2/theatres/${st.theatreId}`);
      }
      await sleep(40);
    }
  }

  private count(ending: string) {
    this.record.cycles.set(ending, (this.record.cycles.get(ending) ?? 0) + 1);
  }

  private async vendor(i: number) {
    const headers = { 'x-vendor-key': this.vendorKey };
    const api = i % 2 === 0 ? graphqlOrders(this.stats, this.base, headers) : restOrders(this.stats, this.base, headers);
    while (this.running) {
      this.count(await this.cycle(api));
      await sleep(60 + Math.random() * 80);
    }
  }

  /** One order's life; returns how it ended. */
  private async cycle(api: OrderApi): Promise<string> {
    const orderId = await api.create();
    if (orderId === null) return 'create failed';
    const st = pick(this.showtimes);
    const seats = pickSeats(st.seats, 1 + Math.floor(Math.random() * 2));
    const held = await api.hold(orderId, st.showtimeId, seats);
    if (held === 'taken') return 'seat taken';
    if (held === null) return 'hold failed';
    const roll = Math.random();
    if (roll < 0.25) return (await api.cancel(orderId)) ? 'cancelled' : 'cancel failed';
    if (roll < 0.4) return 'left to expire';
    if (!(await api.pay(orderId, held.due))) return 'payment failed';
    if (!(await api.fulfil(orderId))) return 'fulfil failed';
    // Most sales are refunded: the refunds feed the webhook receiver and free the seats again.
    if (Math.random() < 0.3) return 'sold';
    if (!(await api.refund(orderId))) return 'refund failed';
    this.record.refundedOrders.add(orderId);
    return 'refunded';
  }
}

function pickSeats(seats: LoadShowtime['seats'], count: number): Json[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, seats.length)) chosen.add(Math.floor(Math.random() * seats.length));
  return [...chosen].map((k) => ({ row: seats[k].row, column: seats[k].column }));
}
