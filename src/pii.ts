import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Personal data at rest, with one key (config `PII_KEY`):
 *
 * - `keyedHash` — HMAC-SHA256 of a value that is only ever compared, never shown (an SSN): equal
 *   inputs give equal hashes, and without the key the hash cannot be brute-forced over the small SSN
 *   space the way a plain hash can;
 * - `seal` / `open` — AES-256-GCM for values that must be read back by the service itself (gift-card
 *   numbers and PINs, to pay with them) but are never returned in clear: `v1.<iv>.<tag>.<ciphertext>`,
 *   base64url, authenticated (a tampered value fails to open);
 * - `maskCardNumber` / `lastFourOf` — what responses show instead.
 *
 * The two purposes use two keys derived from `PII_KEY` (HKDF), so a hash never helps an attack on the
 * cipher or the other way round.
 */
export interface PiiKeys {
  hashKey: Buffer;
  sealKey: Buffer;
}

const cache = new Map<string, PiiKeys>();

/** The derived keys of `secret` (cached: derivation runs once per secret). */
export function piiKeys(secret: string): PiiKeys {
  let keys = cache.get(secret);
  if (!keys) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'marquee-pii', info, 32));
    keys = { hashKey: derive('keyed-hash'), sealKey: derive('seal') };
    cache.set(secret, keys);
  }
  return keys;
}

/** Hex HMAC-SHA256 of `value` under the hash key. */
export function keyedHash(keys: PiiKeys, value: string): string {
  return createHmac('sha256', keys.hashKey).update(value, 'utf8').digest('hex');
}

/** Whether `value` hashes to `hash` (constant time). */
export function matchesKeyedHash(keys: PiiKeys, value: string, hash: string): boolean {
  const a = Buffer.from(keyedHash(keys, value), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Encrypts `plain` (AES-256-GCM, random 96-bit IV). */
export function seal(keys: PiiKeys, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.sealKey, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Decrypts a value of `seal`; throws when it was not sealed with this key or was altered. */
export function open(keys: PiiKeys, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keys.sealKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The last four characters of a number (or all of a shorter one). */
export function lastFourOf(value: string): string {
  return value.slice(-4);
}

/** A card number as responses show it: every character but the last four replaced by `*`. */
export function maskCardNumber(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : '*'.repeat(value.length - 4) + value.slice(-4);
}
