import { useTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';

/**
 * The account graph's roots (`me`, `account(id:)`) and its one rule of access
 * (src/services/account/access.ts): the account's own token or an admin; another account is
 * FORBIDDEN; a vendor key alone or nobody is UNAUTHENTICATED.
 */

const { app, bearer } = useTestApp({ accounts: { own: 3, other: 4, admin: { id: 5, admin: true } } });

const ACCOUNT = 'query($id: Int!) { account(id: $id) { id nodeId email firstName lastName createdAt orders(pageSize: 5) { totalCount } } }';

test('me answers the account of the token', async () => {
  const res = await app.gql<{ me: { id: number; email: string } }>('{ me { id email firstName } }', {}, bearer('own'));
  expect(res.errors).toBeUndefined();
  expect(res.data?.me.id).toBe(3);
  expect(res.data?.me.email).toMatch(/@/);
});

test('account(id:) for its own token and for an admin, with the same answer', async () => {
  const own = await app.gql<{ account: Record<string, unknown> }>(ACCOUNT, { id: 3 }, bearer('own'));
  const admin = await app.gql<{ account: Record<string, unknown> }>(ACCOUNT, { id: 3 }, bearer('admin'));
  expect(own.errors).toBeUndefined();
  expect(own.data?.account).toMatchObject({ id: 3, nodeId: 'Account:3' });
  expect(admin.data).toEqual(own.data);
});

test.each([
  ['another account', () => bearer('other'), 'FORBIDDEN'],
  ['a vendor key alone', () => VENDOR, 'UNAUTHENTICATED'],
  ['nobody', () => ({}), 'UNAUTHENTICATED'],
])('account(id:) refuses %s', async (_who, headers, code) => {
  const res = await app.gql(ACCOUNT, { id: 3 }, headers());
  expect(res.data).toBeNull();
  expect(res.errors?.[0]?.extensions?.code).toBe(code);
});

test('me without an account token is UNAUTHENTICATED', async () => {
  const res = await app.gql('{ me { id } }', {}, VENDOR);
  expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

test('an admin asking for an account that does not exist gets NOT_FOUND', async () => {
  const res = await app.gql(ACCOUNT, { id: 2_000_000_000 }, bearer('admin'));
  expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
});
