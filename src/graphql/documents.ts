import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import type { Principal } from '../auth/principal';
import { DomainError } from '../errors';
import { sha256Hex } from './sha256';
import type { DocumentStore } from './document-store';

/** Who may send a document that is not in the manifest (`GRAPHQL_UNTRUSTED_DOCUMENTS`). */
export type UntrustedDocuments = 'allow' | 'vendors' | 'refuse';

/** A manifest: operation hash (SHA-256 hex, as GraphQL Code Generator's client preset writes it) → document text. */
export type Manifest = Record<string, string>;

/** What a client sent to name its operation, over HTTP (body or GET parameters) or in a graphql-ws `subscribe`. */
export interface DocumentRequest {
  query?: unknown;
  /** GraphQL-over-HTTP's persisted document id: `sha256:<hex>` or bare hex. */
  documentId?: unknown;
  /** `extensions.persistedQuery.sha256Hash` is Apollo's automatic persisted queries (APQ). */
  extensions?: unknown;
}

/** The document to run, with the request's fields that named it by hash taken out. */
export interface ResolvedDocument {
  query: string;
  /** The request's extensions without `persistedQuery` (undefined when nothing else was in them). */
  extensions: Record<string, unknown> | undefined;
}

const HEX = /^[0-9a-f]{64}$/;

/**
 * `PERSISTED_QUERY_NOT_FOUND` is Apollo's APQ signal (HTTP 200, "send the text with the hash"), not a failure:
 * Apollo's clients resend on its message and code.
 */
export const APQ_NOT_FOUND_MESSAGE = 'PersistedQueryNotFound';

/** The pages' documents (src/web/assets/page-documents.js, the one source the pages read too), by hash. */
export function pageManifest(): Manifest {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'web', 'assets'), path.join(dir, 'src', 'web', 'assets')]) {
      let documents: Record<string, string>;
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        documents = require(path.join(candidate, 'page-documents.js')) as Record<string, string>;
      } catch {
        continue;
      }
      return Object.fromEntries(Object.values(documents).map((text) => [sha256Hex(text), text]));
    }
    if (path.dirname(dir) === dir) throw new Error('src/web/assets/page-documents.js not found');
  }
}

/** Reads a manifest file (GRAPHQL_TRUSTED_DOCUMENTS): a JSON object of SHA-256 hashes (`sha256:<hex>` or hex) to document texts. */
export function readManifest(file: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: cannot read ${file} as JSON (${(err as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: ${file} is not a JSON object of hashes to documents`);
  }
  const manifest: Manifest = {};
  for (const [key, text] of Object.entries(parsed as Record<string, unknown>)) {
    // The client preset writes `sha256:<hex>` keys (older versions bare hex).
    const hash = key.replace(/^sha256:/, '');
    if (!HEX.test(hash) || typeof text !== 'string') {
      throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: ${file}: "${key.slice(0, 80)}" is not a SHA-256 hex hash of a document text`);
    }
    if (sha256Hex(text) !== hash) {
      throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: ${file}: ${hash} is not the SHA-256 of its document (set hashAlgorithm: 'sha256')`);
    }
    manifest[hash] = text;
  }
  return manifest;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A document that only asks for the schema (`__schema`, `__type`, `__typename` at its roots): GRAPHQL_INTROSPECTION's. */
function isIntrospectionOnly(text: string, maxTokens: number): boolean {
  try {
    const document = parse(text, { maxTokens });
    return document.definitions.every(
      (d) =>
        d.kind === Kind.FRAGMENT_DEFINITION ||
        (d.kind === Kind.OPERATION_DEFINITION &&
          d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))),
    );
  } catch {
    return false;
  }
}

export interface DocumentPolicyOptions {
  /** The app teams' manifest (GRAPHQL_TRUSTED_DOCUMENTS), or null; the pages' documents are always trusted. */
  manifest: Manifest | null;
  untrusted: UntrustedDocuments;
  /** The APQ store: Redis when REDIS_URL is set, else this instance's LRU. */
  store: DocumentStore;
  /** Introspection on: documents that only introspect are not held to the manifest (GraphiQL's Docs pane). */
  introspection: boolean;
  maxTokens: number;
}

/**
 * The one decision of which document an operation runs and whether its client may send it, for HTTP
 * (src/graphql/documents-http.ts) and graphql-ws `subscribe` (src/realtime/ws.ts) alike.
 */
export class DocumentPolicy {
  private readonly trusted: Map<string, string>;

  constructor(private readonly options: DocumentPolicyOptions) {
    this.trusted = new Map(Object.entries({ ...pageManifest(), ...(options.manifest ?? {}) }));
  }

  get mode(): UntrustedDocuments {
    return this.options.untrusted;
  }

  /** Closes the APQ store's connection (Redis). */
  close(): Promise<void> {
    return this.options.store.close();
  }

  /**
   * The text to run for `request`, or a DomainError: PERSISTED_DOCUMENT_NOT_FOUND (an id in neither the
   * manifest nor, where this client may send its own documents, the APQ store), UNTRUSTED_DOCUMENT (a text
   * not in the manifest from a client that may not send one), PERSISTED_QUERY_NOT_FOUND (APQ: send the text),
   * BAD_USER_INPUT (a malformed id, or an APQ hash that is not the text's). `principal` is asked only when
   * the answer depends on who is calling. Null: the request names no document by hash and runs as sent.
   */
  async resolve(request: DocumentRequest, principal: () => Promise<Principal>): Promise<ResolvedDocument | DomainError | null> {
    const extensions = isObject(request.extensions) ? request.extensions : undefined;
    // Any persistedQuery is APQ's (a malformed one is refused below, never passed on to run as text).
    const apq = extensions?.persistedQuery ?? undefined;
    const rest = apq ? withoutKey(extensions!, 'persistedQuery') : extensions;
    const text = typeof request.query === 'string' && request.query !== '' ? request.query : undefined;

    let hash: string | undefined;
    if (request.documentId !== undefined && request.documentId !== null) {
      const id = typeof request.documentId === 'string' ? request.documentId.replace(/^sha256:/, '').toLowerCase() : '';
      if (!HEX.test(id)) return new DomainError('BAD_USER_INPUT', 'documentId must be "sha256:<64 hex digits>" or the 64 hex digits');
      hash = id;
    } else if (apq) {
      if (!isObject(apq) || apq.version !== 1 || typeof apq.sha256Hash !== 'string' || !HEX.test(apq.sha256Hash.toLowerCase())) {
        return new DomainError('BAD_USER_INPUT', 'extensions.persistedQuery must be {"version": 1, "sha256Hash": "<64 hex digits>"}');
      }
      hash = apq.sha256Hash.toLowerCase();
    }

    if (hash === undefined) {
      // Nothing named by hash: the request runs as sent (a missing query is the executor's 400), if allowed.
      return text === undefined || (await this.mayRun(text, principal)) ? null : untrusted();
    }

    const known = this.trusted.get(hash);
    if (known !== undefined) return { query: known, extensions: rest };
    if (text !== undefined) {
      // APQ's registration (or a documentId sent with its text): the hash must be the text's.
      if (sha256Hex(text) !== hash) return new DomainError('BAD_USER_INPUT', 'provided sha does not match query');
      if (!(await this.mayRun(text, principal))) return untrusted();
      await this.options.store.set(hash, text);
      return { query: text, extensions: rest };
    }
    const mayRegister = this.options.untrusted === 'allow' || (this.options.untrusted === 'vendors' && isVendorOrAdmin(await principal()));
    if (!mayRegister) return notInManifest();
    const stored = await this.options.store.get(hash);
    if (stored !== undefined) return { query: stored, extensions: rest };
    if (apq) return new DomainError('PERSISTED_QUERY_NOT_FOUND', APQ_NOT_FOUND_MESSAGE);
    return notInManifest();
  }

  /** Whether a text may run: in the manifest, only introspection (when that is on), or from a client allowed its own. */
  private async mayRun(text: string, principal: () => Promise<Principal>): Promise<boolean> {
    if (this.options.untrusted === 'allow' || this.trusted.has(sha256Hex(text))) return true;
    if (this.options.introspection && isIntrospectionOnly(text, this.options.maxTokens)) return true;
    return this.options.untrusted === 'vendors' && isVendorOrAdmin(await principal());
  }
}

const isVendorOrAdmin = (p: Principal) => p.vendorId !== null || p.isAdmin;

function withoutKey(object: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const { [key]: _dropped, ...others } = object;
  return Object.keys(others).length > 0 ? others : undefined;
}

const untrusted = () =>
  new DomainError('UNTRUSTED_DOCUMENT', 'This document is not in the trusted-documents manifest; send a trusted document by its id');
const notInManifest = () => new DomainError('PERSISTED_DOCUMENT_NOT_FOUND', 'No trusted document has this id');
