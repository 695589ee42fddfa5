import { keyedHash, lastFourOf, maskCardNumber, matchesKeyedHash, open, piiKeys, seal } from '../../src/pii';

const keys = piiKeys('a-test-key-of-at-least-thirty-two-chars');
const otherKeys = piiKeys('another-test-key-of-thirty-two-chars!!');

test('keyed hashes are stable per key, differ across keys, and match only the same value', () => {
  expect(keyedHash(keys, '123456789')).toBe(keyedHash(keys, '123456789'));
  expect(keyedHash(keys, '123456789')).not.toBe(keyedHash(otherKeys, '123456789'));
  expect(matchesKeyedHash(keys, '123456789', keyedHash(keys, '123456789'))).toBe(true);
  expect(matchesKeyedHash(keys, '123456788', keyedHash(keys, '123456789'))).toBe(false);
  expect(matchesKeyedHash(keys, '123456789', 'abcd')).toBe(false);
  expect(keyedHash(keys, '123456789')).not.toContain('123456789');
});

test('sealed values open with their key only, never contain the clear text, and detect tampering', () => {
  const sealed = seal(keys, '6035710012345678');
  expect(sealed).not.toContain('6035710012345678');
  expect(seal(keys, '6035710012345678')).not.toBe(sealed);
  expect(open(keys, sealed)).toBe('6035710012345678');
  expect(() => open(otherKeys, sealed)).toThrow();
  const parts = sealed.split('.');
  parts[3] = Buffer.from('9999999999999999').toString('base64url');
  expect(() => open(keys, parts.join('.'))).toThrow();
  expect(() => open(keys, 'plain text')).toThrow();
});

test('masks keep the last four only', () => {
  expect(maskCardNumber('6035710012345678')).toBe('************5678');
  expect(maskCardNumber('123')).toBe('***');
  expect(lastFourOf('6035710012345678')).toBe('5678');
});
