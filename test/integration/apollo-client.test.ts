import '../helpers/apollo-dev';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { loadDevMessages, loadErrorMessages } from '@apollo/client/dev';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient, type Client } from 'graphql-ws';
import { format } from 'node:util';
import WebSocket from 'ws';
import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';
import { documentedTypePolicies } from '../helpers/cache-identity';
import { holdSeats, pickShowtimes, type ShowtimeFixture } from '../helpers/orders';
import { wsUrl } from '../helpers/ws';

/**
 * Marquee used as an app team uses it: Apollo Client 4 with an InMemoryCache configured with exactly the
 * type policies docs/clients.md documents, over HTTP and graphql-ws. Queries that select different fields
 * of the same objects must merge (no "Cache data may be lost" warning, nothing read back wrong), and a
 * `seatStatusChanged` message must update the cached seat map.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let token: string;
let versions: { showtimeId: number; layoutId: number; versionNumber: number }[];
let theatreId: number;
let show: ShowtimeFixture;
const warnings: string[] = [];
const wsClients: Client[] = [];

beforeAll(async () => {
  loadDevMessages();
  loadErrorMessages();
  for (const level of ['warn', 'error'] as const) {
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      warnings.push(format(...args));
    });
  }
});
const { app, sql } = useTestApp();
beforeAll(async () => {
  token = await signAccountToken(app.config.JWT_SECRET, 1);
  // The first showtime of each of two versions of one layout.
  versions = await sql<{ showtimeId: number; layoutId: number; versionNumber: number }[]>`
    select min(s.id)::int as "showtimeId", s.layout_id as "layoutId", s.layout_version_number as "versionNumber"
    from showtimes s
    where s.layout_id = (select layout_id from showtimes group by layout_id having count(distinct layout_version_number) > 1 order by layout_id limit 1)
    group by s.layout_id, s.layout_version_number order by s.layout_version_number limit 2`;
  [{ theatreId }] = await sql<{ theatreId: number }[]>`select theatre_id as "theatreId" from showtimes where id = ${versions[0].showtimeId}`;
  [show] = await pickShowtimes(sql, 1, 40);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await Promise.all(wsClients.map((c) => c.dispose()));
});
beforeEach(() => {
  warnings.length = 0;
});

function apollo(typePolicies = documentedTypePolicies()) {
  const http = new HttpLink({ uri: `${app.url}/graphql`, headers: { authorization: `Bearer ${token}` } });
  const ws = createClient({ url: wsUrl(app.url), webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
  wsClients.push(ws);
  const link = ApolloLink.split(
    ({ query }) => {
      const def = getMainDefinition(query);
      return def.kind === 'OperationDefinition' && def.operation === 'subscription';
    },
    new GraphQLWsLink(ws),
    http,
  );
  return new ApolloClient({ link, cache: new InMemoryCache({ typePolicies }) });
}

const LAYOUT_OF_SHOWTIME: TypedDocumentNode<Json, { id: number }> = gql`
  query LayoutOfShowtime($id: Int!) { showtime(id: $id) { id seatingLayout { rows columns layout { id versionNumber columns } } } }
`;
const MAP_STATUSES: TypedDocumentNode<Json, { id: number }> = gql`
  query MapStatuses($id: Int!) { showtime(id: $id) { id seatingLayout { rows seats { id row column seatStatus } } } }
`;
const MAP_NAMES: TypedDocumentNode<Json, { id: number }> = gql`
  query MapNames($id: Int!) { showtime(id: $id) { id seatingLayout { columns seats { id seatName available } } } }
`;
const ACCOUNT_CARDS: TypedDocumentNode<Json, { id: number }> = gql`
  query AccountCards($id: Int!) { account(id: $id) { id wallet { creditCardCount creditCards { token lastFour } } loyaltyAccount { loyaltyAccountId cardNumber } } }
`;
const ACCOUNT_LIMITS: TypedDocumentNode<Json, { id: number }> = gql`
  query AccountLimits($id: Int!) { account(id: $id) { id wallet { maxCreditCardCount creditCards { token default } } loyaltyAccount { loyaltyAccountId email } } }
`;
const THEATRE_CITY: TypedDocumentNode<Json, { id: number }> = gql`
  query TheatreCity($id: Int!) { theatre(id: $id) { id location { city postalCode } } }
`;
const THEATRE_POINT: TypedDocumentNode<Json, { id: number }> = gql`
  query TheatrePoint($id: Int!) { theatre(id: $id) { id location { latitude longitude } } }
`;

const dataLoss = () => warnings.filter((w) => /Cache data may be lost/.test(w));

/** Runs `first` then `second` from the network, then reads `first` back from the cache alone. */
async function bothThenFirstFromCache(client: ApolloClient, first: TypedDocumentNode<Json, { id: number }>, second: TypedDocumentNode<Json, { id: number }>, id: number) {
  const a = await client.query({ query: first, variables: { id }, fetchPolicy: 'network-only' });
  await client.query({ query: second, variables: { id }, fetchPolicy: 'network-only' });
  const cached = client.readQuery({ query: first, variables: { id } });
  return { network: a.data, cached };
}

test('the documented type policies: two versions of one layout, and value objects selected differently, stay whole', async () => {
  expect(versions.map((v) => v.versionNumber)).toEqual([1, 2]);
  const client = apollo();

  // Two showtimes drawn on versions 1 and 2 of one layout: each keeps its own version.
  for (const v of versions) await client.query({ query: LAYOUT_OF_SHOWTIME, variables: { id: v.showtimeId } });
  for (const v of versions) {
    const cached = client.readQuery({ query: LAYOUT_OF_SHOWTIME, variables: { id: v.showtimeId } });
    expect(cached?.showtime.seatingLayout.layout).toMatchObject({ id: v.layoutId, versionNumber: v.versionNumber });
  }

  for (const [first, second, id] of [
    [MAP_STATUSES, MAP_NAMES, show.showtimeId],
    [ACCOUNT_CARDS, ACCOUNT_LIMITS, 1],
    [THEATRE_CITY, THEATRE_POINT, theatreId],
  ] as const) {
    const { network, cached } = await bothThenFirstFromCache(client, first, second, id);
    expect(cached).toEqual(network);
  }
  const account = client.readQuery({ query: ACCOUNT_LIMITS, variables: { id: 1 } });
  expect(account?.account.wallet.creditCards.length).toBeGreaterThan(0);
  expect(account?.account.loyaltyAccount).not.toBeNull();
  expect(dataLoss()).toEqual([]);
});

test('without them, the same queries lose data (the warning this test listens for is real)', async () => {
  const client = apollo({});
  for (const v of versions) await client.query({ query: LAYOUT_OF_SHOWTIME, variables: { id: v.showtimeId } });
  const first = client.readQuery({ query: LAYOUT_OF_SHOWTIME, variables: { id: versions[0].showtimeId } });
  expect(first?.showtime.seatingLayout.layout.versionNumber).toBe(2); // version 1's showtime shows version 2
  await bothThenFirstFromCache(client, THEATRE_CITY, THEATRE_POINT, theatreId);
  expect(dataLoss().join('\n')).toMatch(/replacing the location field of a Theatre object/);
});

test('a seatStatusChanged message updates the seat of the cached map', async () => {
  const client = apollo();
  const seat = show.regular[0];
  const id = `${show.showtimeId}:${seat.row}:${seat.column}`;
  const before = await client.query({ query: MAP_STATUSES, variables: { id: show.showtimeId } });
  expect(before.data?.showtime.seatingLayout.seats.find((s: Json) => s.id === id)).toMatchObject({ seatStatus: 'AVAILABLE' });

  const changes: Json[] = [];
  const SEATS_CHANGED = gql`
    subscription SeatsChanged($id: Int!, $after: String) { seatStatusChanged(showtimeId: $id, after: $after) { showtimeId cursor resync seats { id seatStatus available } } }
  `;
  let firstMessage!: () => void;
  const subscribed = new Promise<void>((resolve) => (firstMessage = resolve));
  let locked!: () => void;
  const lockedSeen = new Promise<void>((resolve) => (locked = resolve));
  const subscription = client.subscribe({ query: SEATS_CHANGED, variables: { id: show.showtimeId } }).subscribe({
    next: (result) => {
      changes.push(result.data as Json);
      if (changes.length === 1) firstMessage();
      else if ((result.data as Json).seatStatusChanged.seats.some((s: Json) => s.id === id && s.seatStatus === 'LOCKED')) locked();
    },
  });
  try {
    await subscribed;
    await holdSeats(app.gql, show.showtimeId, [{ row: seat.row, column: seat.column }]);
    await lockedSeen;
    // The message went into the cache by the seat's id: the map query, read from the cache alone, shows it.
    const cached = client.readQuery({ query: MAP_STATUSES, variables: { id: show.showtimeId } });
    expect(cached?.showtime.seatingLayout.seats.find((s: Json) => s.id === id)).toMatchObject({ seatStatus: 'LOCKED' });
    expect(client.cache.readFragment({ id: client.cache.identify({ __typename: 'Seat', id }), fragment: gql`fragment SeatNow on Seat { seatStatus available }` })).toEqual({
      __typename: 'Seat',
      seatStatus: 'LOCKED',
      available: false,
    });
  } finally {
    subscription.unsubscribe();
  }
  expect(dataLoss()).toEqual([]);
});
