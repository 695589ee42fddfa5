import { fingerprintOf, parseIdempotencyKey } from '../../src/services/shared/idempotency';
import {
  earnForItemsSchema,
  isCardNumber,
  normalizeEmail,
  normalizePhone,
  parseCardRef,
  validationSchema,
  waiveFeesSchema,
} from '../../src/services/loyalty';
import { parseIndexedFields } from '../../src/services/shared/parse-input';

test('phones: ten digits, after an optional 1 or +1, in the forms legacy clients send; one canonical form', () => {
  const forms = ['2125550101', '12125550101', '+12125550101', '+1 212 555 0101', '(212) 555-0101', '(212)555-0101', '212-555-0101', '1-212-555-0101', '212.555.0101', '+1 (212) 555-0101', ' 2125550101 '];
  for (const ok of forms) expect([ok, normalizePhone(ok)]).toEqual([ok, '2125550101']);
  // Any ten digits name a number (one nobody has answers as unknown), as every area took them before.
  expect(normalizePhone('5551234567')).toBe('5551234567');
  expect(normalizePhone('1234567890')).toBe('1234567890');
  for (const bad of ['123', '21255501011', '212-5550-101', '(212 555-0101', '212--555-0101', '+2125550101', 'abc5550101', '+44 20 7946 0958', '', '2125550101x', `${'1'.repeat(10)}${' '.repeat(30)}`]) {
    expect([bad, normalizePhone(bad)]).toEqual([bad, null]);
  }
});

test('card references: a number or id-{cardId}, by one parser', () => {
  expect(parseCardRef('PREM000000000001')).toEqual({ kind: 'number', number: 'PREM000000000001' });
  expect(parseCardRef('id-17')).toEqual({ kind: 'id', id: 17 });
  expect(parseCardRef('id-2147483647')).toEqual({ kind: 'id', id: 2147483647 });
  for (const bad of ['id-0', 'id-01', 'id-2147483648', 'id-', 'ID-1', 'id-1x', 'abc', 'PREM 0001', '']) expect([bad, parseCardRef(bad)]).toEqual([bad, null]);
});

test('e-mails: normalized to lower case; no @, spaces or a bare domain is none', () => {
  expect(normalizeEmail(' Account1@Demo.Marquee.Example ')).toBe('account1@demo.marquee.example');
  for (const bad of ['not-an-email', 'a@b', 'a b@c.example', '@c.example', 'a@.example', `${'x'.repeat(250)}@c.example`]) expect(normalizeEmail(bad)).toBeNull();
});

test('card numbers: 4–40 letters and digits', () => {
  expect(isCardNumber('PREM000000000001')).toBe(true);
  for (const bad of ['id-1', 'abc', 'x'.repeat(41), 'PREM 0001']) expect(isCardNumber(bad)).toBe(false);
});

test('idempotency keys and fingerprints', () => {
  expect(parseIdempotencyKey(undefined)).toBeUndefined();
  expect(parseIdempotencyKey('abc-123_XYZ')).toBe('abc-123_XYZ');
  for (const bad of ['', 'a b', 'x'.repeat(256), 'é', ['a']]) expect(() => parseIdempotencyKey(bad)).toThrow(/Idempotency-Key/);
  const key = Buffer.alloc(32, 1);
  expect(fingerprintOf(key, { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprintOf(key, { b: [1, { d: 3, c: 2 }], a: 1 }));
  expect(fingerprintOf(key, { a: 1 })).not.toBe(fingerprintOf(key, { a: 2 }));
  expect(fingerprintOf(key, { a: 1 })).not.toBe(fingerprintOf(Buffer.alloc(32, 2), { a: 1 }));
});

test('bodies: amounts positive with two decimals; the failing field is named', () => {
  expect(() => parseIndexedFields(waiveFeesSchema, { amount: 0.1 + 0.2 })).not.toThrow(); // float noise is not a third decimal
  expect(parseIndexedFields(waiveFeesSchema, { amount: 19.99 })).toEqual({ amount: 19.99 });
  for (const amount of [0, -0.01, 0.001, 1e7, Number.NaN, '1', null]) expect(() => parseIndexedFields(waiveFeesSchema, { amount })).toThrow(/amount/);
  expect(() => parseIndexedFields(earnForItemsSchema, { total: 5, earnItems: [{ productId: 'a', price: 1 }, { productId: 'b', price: 1.111 }] })).toThrow(
    /earnItems\[1\]\.price/,
  );
  expect(() => parseIndexedFields(validationSchema, {})).toThrow(/exactly one/);
  expect(parseIndexedFields(validationSchema, { associate: { ssn: '900-00-0007', associateId: 5007 } }).associate?.ssn).toBe('900-00-0007');
});
