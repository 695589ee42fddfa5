import { apolloNegotiator, memoizeApolloNegotiation, memoizedMediaType } from '../../src/graphql/negotiation';

/** Apollo's media-type negotiation goes through a memo (src/graphql/negotiation.ts); it must choose as negotiator does. */
const APOLLO_LISTS = [
  ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8', 'application/json'],
  ['multipart/mixed; deferSpec=20220824', 'multipart/mixed; boundary="-"'],
  ['application/json', 'application/graphql-response+json', 'multipart/mixed; boundary="-"', 'text/html'],
];
const HEADERS: (string | undefined)[] = [
  undefined,
  '',
  '*/*',
  'application/json',
  'application/graphql-response+json',
  'application/graphql-response+json, application/json;q=0.9',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'multipart/mixed; deferSpec=20220824, application/json',
  'multipart/mixed;deferSpec=20220824;q=0.1, application/json;q=0.5',
  'image/png',
  'application/*;q=0',
  'garbage;;;,',
];

const Negotiator = apolloNegotiator();
// negotiator's own: no app is built in this test file (jest gives each file its own modules).
const original = Negotiator.prototype.mediaType;
const memoized = memoizedMediaType(original);
const ask = (fn: typeof original, accept: string | undefined, list?: string[]) =>
  fn.call(new Negotiator({ headers: accept === undefined ? {} : { accept } }), list);

describe('the memoized media-type negotiation', () => {
  it('chooses what negotiator chooses, the first time and from the memo, for every header and offered list', () => {
    for (const list of APOLLO_LISTS) {
      for (const accept of HEADERS) {
        const expected = ask(original, accept, list);
        expect([accept, list, ask(memoized, accept, list)]).toEqual([accept, list, expected]);
        expect([accept, list, ask(memoized, accept, list)]).toEqual([accept, list, expected]);
      }
    }
  });

  it('tells a missing header from an empty one, and one list from another', () => {
    const json = APOLLO_LISTS[0];
    expect(ask(memoized, undefined, json)).toBe('application/json; charset=utf-8');
    expect(ask(memoized, '', json)).toBe(ask(original, '', json));
    expect(ask(memoized, 'text/html', APOLLO_LISTS[2])).toBe('text/html');
    expect(ask(memoized, 'text/html', json)).toBeUndefined();
  });

  it('asks negotiator once per header and list, and every time for a long header or a call without a list', () => {
    let calls = 0;
    const counted: typeof original = function (this: unknown, available?: string[]) {
      calls += 1;
      return original.call(this as never, available);
    };
    const memo = memoizedMediaType(counted);
    const json = APOLLO_LISTS[0];
    for (let i = 0; i < 3; i++) expect(ask(memo, 'application/json', json)).toBe('application/json; charset=utf-8');
    expect(calls).toBe(1);
    expect(ask(memo, 'application/json', APOLLO_LISTS[2])).toBe('application/json');
    expect(calls).toBe(2);

    const long = `${'x-custom/type;q=0.1, '.repeat(40)}application/json`;
    for (let i = 0; i < 2; i++) expect(ask(memo, long, json)).toBe(ask(original, long, json));
    expect(calls).toBe(4);
    for (let i = 0; i < 2; i++) expect(ask(memo, 'application/json, text/html;q=0.5')).toBe(ask(original, 'application/json, text/html;q=0.5'));
    expect(calls).toBe(6);
  });

  // Last: it replaces negotiator's method for the rest of this file.
  it("is installed once into the negotiator Apollo loads, and answers there as negotiator did", () => {
    memoizeApolloNegotiation();
    const installed = Negotiator.prototype.mediaType;
    expect(installed).not.toBe(original);
    memoizeApolloNegotiation();
    expect(Negotiator.prototype.mediaType).toBe(installed);
    for (const accept of HEADERS) expect(new Negotiator({ headers: { accept } }).mediaType(APOLLO_LISTS[0])).toBe(ask(original, accept, APOLLO_LISTS[0]));
  });
});
