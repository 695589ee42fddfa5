import { createHash } from 'node:crypto';

/**
 * SHA-256 of a document's text, as the hex digest persisted and trusted documents are keyed by
 * (src/graphql/documents.ts). The same few texts come again and again, so the digests of recent texts
 * are kept (dropped all at once when full); texts over MAX_TEXT characters are hashed every time.
 */
const MAX_ENTRIES = 500;
const MAX_TEXT = 16 * 1024;
const digests = new Map<string, string>();

/** SHA-256 of `text` as hex, remembered for recent texts. */
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
