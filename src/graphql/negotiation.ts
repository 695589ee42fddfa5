import path from 'node:path';

/**
 * Apollo Server negotiates the media type of every request's answer with `negotiator` two or three
 * times (whether the client takes the legacy incremental format, which JSON type to answer, and for a
 * GET whether it prefers the HTML landing page), each time parsing the same `Accept` header again: about
 * 2 % of a seat hold's server CPU in a profile, for a handful of distinct headers. The choice depends
 * on the header and the offered types alone, so recent answers are kept: `Negotiator#mediaType` of the
 * copy Apollo loads answers from a map of (header, offered types). Long headers and calls without a
 * list of types go to the original. Installed once per process (`memoizeApolloNegotiation`).
 */
const MAX_ENTRIES = 256;
const MAX_ACCEPT = 512;
/** Stands for a missing header in a key (a header value cannot hold control characters). */
const NO_HEADER = '\u0001';

type MediaType = (this: { request: { headers: Record<string, unknown> } }, available?: string[]) => string | undefined;
type NegotiatorClass = {
  new (request: { headers: Record<string, unknown> }): { request: { headers: Record<string, unknown> }; mediaType(available?: string[]): string | undefined };
  prototype: { mediaType: MediaType };
};

/** The `negotiator` class Apollo Server loads, wherever npm placed it. */
export function apolloNegotiator(): NegotiatorClass {
  const apollo = path.dirname(require.resolve('@apollo/server'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve('negotiator', { paths: [apollo] })) as NegotiatorClass;
}

/** Wraps `original` with a memo of its own (exported for the test, which compares it with the original). */
export function memoizedMediaType(original: MediaType): MediaType {
  const chosen = new Map<string, string | undefined>();
  return function mediaType(available) {
    const accept = this.request.headers.accept;
    if (!Array.isArray(available) || (accept !== undefined && typeof accept !== 'string') || (accept?.length ?? 0) > MAX_ACCEPT) {
      return original.call(this, available);
    }
    const key = `${accept ?? NO_HEADER}\u0000${available.join('\u0000')}`;
    if (chosen.has(key)) return chosen.get(key);
    const result = original.call(this, available);
    if (chosen.size >= MAX_ENTRIES) chosen.clear();
    chosen.set(key, result);
    return result;
  };
}

let installed = false;

/** Routes the media-type negotiation of the `negotiator` Apollo Server loads through the memo (once per process). */
export function memoizeApolloNegotiation(): void {
  if (installed) return;
  installed = true;
  const Negotiator = apolloNegotiator();
  Negotiator.prototype.mediaType = memoizedMediaType(Negotiator.prototype.mediaType);
}
