import { createHash } from 'node:crypto';

/**
 * Apollo Server hashes every request's query text (SHA-256, hex) to find its parsed and validated
 * document in its document store. It does so through `@apollo/utils.createhash`, which also looks up
 * `crypto` with `module.require` on every call: 2–3 % of a simple lookup's CPU in a profile, for text
 * that is the same few queries again and again. The hash of a text is the text's alone, so the hashes
 * of recent texts are kept: the same digests, computed once per text. Texts over MAX_TEXT characters
 * and other algorithms are hashed as before. Installed once per process (`memoizeApolloQueryHash`).
 */
const MAX_ENTRIES = 500;
const MAX_TEXT = 16 * 1024;
const digests = new Map<string, string>();

type Hash = { update(data: string | Buffer): Hash; digest(encoding: 'hex'): string };
type CreateHash = (kind: string) => Hash;

/** SHA-256 of `text` as hex, remembered for recent texts (dropped all at once when full). */
export function sha256Hex(text: string): string {
  let digest = digests.get(text);
  if (digest === undefined) {
    digest = createHash('sha256').update(text).digest('hex');
    if (text.length <= MAX_TEXT) {
      if (digests.size >= MAX_ENTRIES) digests.clear();
      digests.set(text, digest);
    }
  }
  return digest;
}

/** A `createHash('sha256')` stand-in: one string in, its hex digest out through `sha256Hex`. */
function memoizingSha256(fallback: CreateHash): Hash {
  let text: string | undefined;
  let other: Hash | undefined;
  const hash: Hash = {
    update(data) {
      if (other) other.update(data);
      else if (text === undefined && typeof data === 'string') text = data;
      else {
        // Anything but one string: the real hash, fed what it was given so far.
        other = fallback('sha256');
        if (text !== undefined) other.update(text);
        other.update(data);
      }
      return hash;
    },
    digest(encoding) {
      if (other || encoding !== 'hex') return (other ?? fallback('sha256').update(text ?? '')).digest(encoding);
      return sha256Hex(text ?? '');
    },
  };
  return hash;
}

let installed = false;

/** Routes Apollo's SHA-256 hashing of query texts through `sha256Hex` (once per process). */
export function memoizeApolloQueryHash(): void {
  if (installed) return;
  installed = true;
  // The module object Apollo's compiled code reads `createHash` from at each call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require('@apollo/utils.createhash') as { createHash: CreateHash };
  const original = module.createHash;
  module.createHash = (kind: string) => (kind === 'sha256' ? memoizingSha256(original) : original(kind));
}
