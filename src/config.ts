import path from 'node:path';
import { z } from 'zod';
import { parseDuration } from './duration';

/** The development-only JWT secret; production refuses to start with it. */
export const DEFAULT_JWT_SECRET = 'marquee-dev-secret-change-me';

/** The development-only key of personal data (keyed hashes, sealed secrets); production refuses it. */
export const DEFAULT_PII_KEY = 'marquee-dev-pii-key-change-me-0000';

/**
 * The shortest `JWT_SECRET` and `PII_KEY` production accepts, in bytes of their UTF-8 text: an HS256 key
 * must be at least as long as the hash output, 256 bits (RFC 7518 §3.2).
 */
export const MIN_SECRET_BYTES = 32;

/** A duration setting (`5s`, `24h`, or milliseconds), parsed to milliseconds. */
const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const ms = parseDuration(text);
      if (ms === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${text}" is not a duration such as 500ms, 5s, 10m or 24h` });
        return z.NEVER;
      }
      return ms;
    });

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((v) => v === 'true' || v === '1');

const optionalFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/**
 * `CORS_ORIGINS`: `*` (any origin), or a comma list of exact origins (`https://app.example.com`) and the
 * word `loopback` (any http(s) origin on localhost, 127.0.0.1 or [::1], any port); empty: none.
 * Unset, it defaults by mode in `loadConfig` (docs/web.md).
 */
const ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;
const corsOrigins = z
  .string()
  .optional()
  .transform((text, ctx): CorsOrigins | undefined => {
    if (text === undefined) return undefined;
    const items = text.split(',').map((s) => s.trim()).filter(Boolean);
    if (items.includes('*')) return '*';
    for (const item of items) {
      if (item === 'loopback') continue;
      let origin: string | null = null;
      try {
        origin = new URL(item).origin;
      } catch {
        // reported below
      }
      if (origin !== item || !ORIGIN.test(item)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `"${item}" is not an origin such as https://app.example.com (scheme, host and port only), "loopback" or "*"`,
        });
        return z.NEVER;
      }
    }
    return items;
  });

/** Origins allowed to call the API from a browser: any (`*`), or a list of origins and `loopback`. */
export type CorsOrigins = '*' | string[];
/** A comma-separated list of durations (`5s,5m,30m`), parsed to milliseconds; at least one, at most 20. */
const retrySchedule = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const parts = text.split(',').map((p) => p.trim());
      const ms = parts.map((p) => parseDuration(p));
      if (parts.length > 20 || ms.some((v) => v === null)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${text}" is not a list of 1 to 20 durations such as 5s,5m,30m` });
        return z.NEVER;
      }
      return ms as number[];
    });

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * `TRUST_PROXY` as Fastify's `trustProxy` takes it: `true`/`false`, a hop count, or a comma-separated
 * list of addresses and CIDRs of the proxies whose `X-Forwarded-For` is believed.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((text): boolean | number | string[] => {
    if (text === undefined || text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    return text.split(',').map((s) => s.trim()).filter(Boolean);
  });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Default: 127.0.0.1 in demo mode (its secrets are public), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .url()
    .refine((url) => /^postgres(ql)?:\/\//i.test(url), {
      message: 'only postgres:// and postgresql:// URLs are supported (unset it for the embedded PGlite)',
    })
    .optional(),
  /**
   * A direct connection to the database when DATABASE_URL is a transaction pooler: the relay's LISTEN
   * and reads, migrations (docs/scale-out.md, "Through PgBouncer"). Default: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .url()
    .refine((url) => /^postgres(ql)?:\/\//i.test(url), { message: 'only postgres:// and postgresql:// URLs are supported' })
    .optional(),
  /** Named prepared statements on the query pool; `false` for PgBouncer in transaction mode. */
  DB_PREPARE: flag('true'),
  /**
   * Streaming replicas for catalog reads (docs/scale-out.md, "Read replicas"), comma-separated; each URL
   * names one server (not a balancer over several). Empty: every read on the primary.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const urls = text.split(',').map((s) => s.trim()).filter(Boolean);
      for (const url of urls) {
        if (!/^postgres(ql)?:\/\/[^\s]+$/i.test(url) || !URL.canParse(url)) {
          // The value may hold a password: the message names the position, not the URL.
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `item ${urls.indexOf(url) + 1} is not a postgres:// or postgresql:// URL` });
          return z.NEVER;
        }
      }
      return urls;
    }),
  /** A replica further behind the primary than this is skipped until it catches up. */
  REPLICA_MAX_LAG: duration('5s'),
  /** Connections of the query pool (each instance: this + its session connections, docs/operations.md). */
  DB_POOL_SIZE: positive(10),
  /** Connections of each replica's pool; default DB_POOL_SIZE. */
  DB_REPLICA_POOL_SIZE: z.coerce.number().int().positive().optional(),
  DATA_DIR: z.string().default(path.join(process.cwd(), '.data')),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HS256 secret of account tokens; in production at least 32 bytes (`MIN_SECRET_BYTES`). */
  JWT_SECRET: z.string().min(16).default(DEFAULT_JWT_SECRET),
  /**
   * Key of personal data at rest (src/pii.ts): keyed hashes of SSNs, encryption of gift-card numbers and
   * PINs. At least 32 bytes in every mode; changing it makes stored hashes and sealed values unreadable.
   */
  PII_KEY: z
    .string()
    .refine((key) => Buffer.byteLength(key, 'utf8') >= MIN_SECRET_BYTES, {
      message: `must be at least ${MIN_SECRET_BYTES} bytes; generate one with \`openssl rand -base64 32\``,
    })
    .default(DEFAULT_PII_KEY),
  PUBLIC_BASE_URL: z.string().url().optional(),
  ORDER_HOLD_SECONDS: z.coerce.number().int().positive().default(420),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Adds `x-sql-statements` to every response: the number of SQL statements the request ran. */
  EXPOSE_SQL_COUNT: flag('false'),
  /** Requests per minute per client address; 0 turns rate limiting off. Default: 1200 in production, off otherwise. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  /**
   * Estimated GraphQL cost (src/graphql/cost.ts) per client per minute, the client being the vendor key, else
   * the account, else the address; 0 (the default) turns the cost budget and its RateLimit headers off.
   */
  RATE_LIMIT_COST_PER_MINUTE: z.coerce.number().int().min(0).default(0),
  /** The separate cost budget of order writes (holds, payment, checkout); default: RATE_LIMIT_COST_PER_MINUTE. */
  RATE_LIMIT_ORDER_COST_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  /** What one REST request costs in the cost budget (a GraphQL operation costs its estimate). */
  RATE_LIMIT_REST_COST: z.coerce.number().int().min(0).default(10),
  /** Redis shared by the instances (`redis://host:port/db`): the cost budget (and persisted queries) across instances. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the cost budget's Redis keys (instances sharing a budget share it). */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default('marquee:rl:'),
  /** Seed scale for demo mode: 1 is ~40 theatres, 22.5 is chain size (~900 theatres). */
  SEED_SCALE: z.coerce.number().positive().default(1),

  // GraphQL limits (docs/security.md), for HTTP and graphql-ws alike.
  /** Introspection; default on in demo mode, off in production. */
  GRAPHQL_INTROSPECTION: optionalFlag,
  /** Estimated cost budget of one operation (list sizes multiply). */
  GRAPHQL_MAX_COST: positive(100_000),
  /** Lexical tokens of one document (the parser stops past it). */
  GRAPHQL_MAX_TOKENS: positive(3000),
  /** Selection depth, introspection fields not counted. */
  GRAPHQL_MAX_DEPTH: positive(12),
  /** Aliased fields in one document. */
  GRAPHQL_MAX_ALIASES: positive(30),
  /** Directives in one document. */
  GRAPHQL_MAX_DIRECTIVES: positive(20),
  /** Root fields of one mutation operation. */
  GRAPHQL_MAX_ROOT_MUTATIONS: positive(5),
  /** Runtime guard: list items resolved by one operation. */
  GRAPHQL_MAX_LIST_ITEMS: positive(50_000),
  /** The read planner (docs/read-planner.md); `off` reads every level through the loaders: a diagnostic and reference switch, not a tuning knob. */
  READ_PLANNER: z.enum(['on', 'off']).default('on'),
  /** The trusted-documents manifest: a JSON file of SHA-256 hashes to documents (GraphQL Code Generator's client preset). */
  GRAPHQL_TRUSTED_DOCUMENTS: z.string().min(1).optional(),
  /** Who may send documents not in the manifest: allow, vendors (vendor keys and admins), refuse; default vendors with a manifest, else allow. */
  GRAPHQL_UNTRUSTED_DOCUMENTS: z.enum(['allow', 'vendors', 'refuse']).optional(),

  // WebSocket (graphql-ws).
  WS_MAX_SOCKETS_PER_CLIENT: positive(32),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: positive(50),

  /** Longest accepted account-token lifetime (`exp` − `iat`). */
  JWT_MAX_LIFETIME: duration('24h'),

  // Database connections (postgres.js; PGlite is in-process).
  DB_STATEMENT_TIMEOUT: duration('15s'),
  DB_IDLE_IN_TRANSACTION_TIMEOUT: duration('30s'),
  DB_CONNECT_TIMEOUT: duration('3s'),
  /**
   * `application_name` of this instance's database connections (pg_stat_activity); its seat-event
   * relay's are `<name>-relay`. Distinct names let an operator (or a test) tell instances apart.
   */
  DB_APPLICATION_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,57}$/, 'must be 1 to 57 letters, digits, "_", "-" or "."')
    .default('marquee'),
  /**
   * On shutdown, how long the instance keeps serving with /readyz answering 503 before it stops
   * accepting connections, so that load balancers stop sending it traffic first.
   */
  SHUTDOWN_DELAY: duration('0s'),

  // Live seat maps.
  /** How long seat events are kept: the furthest back a subscriber can resume with a cursor. */
  SEAT_EVENT_RETENTION: duration('24h'),
  /** The relay's poll, behind its wake-ups (this instance's commits, other instances' NOTIFY). */
  SEAT_EVENT_POLL_INTERVAL: duration('250ms'),
  /** Messages a live subscriber may have unsent before it is dropped (close code 4009). */
  SEAT_SUBSCRIBER_BUFFER: positive(256),

  /** Bearer token that /metrics requires; in production /metrics answers 404 without one configured. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** OTLP/HTTP base URL of a trace collector (spans go to `<url>/v1/traces`); unset: no tracing (src/tracing). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** `service.name` of the exported spans. */
  OTEL_SERVICE_NAME: z.string().min(1).default('marquee'),
  TRUST_PROXY: trustProxy,

  // Browser clients (docs/web.md).
  /** Origins whose pages may call the API (CORS); default `loopback` in demo mode, none in production. */
  CORS_ORIGINS: corsOrigins,
  /** The GraphQL IDE at /graphiql (and GET /graphql from a browser); default on in demo mode, off in production. */
  GRAPHIQL: optionalFlag,
  // Webhooks (docs/webhooks.md).
  /** How long one callback may take (connect, answer and body) before it counts as failed. */
  WEBHOOK_TIMEOUT: duration('10s'),
  /** Delays between attempts, comma-separated (N delays: N + 1 attempts); each gets ±10 % jitter. */
  WEBHOOK_RETRY_SCHEDULE: retrySchedule('5s,5m,30m,2h,5h,10h,10h'),
  /** How long a claimed delivery is an instance's; past it another instance takes it over (≤ 30s). */
  WEBHOOK_LEASE: duration('30s'),
  /** The dispatcher's poll for new events and due retries. */
  WEBHOOK_POLL_INTERVAL: duration('1s'),
  /** Callbacks one instance has in flight at most. */
  WEBHOOK_CONCURRENCY: positive(16),
  /** How long the previous secret still signs after a rotation. */
  WEBHOOK_SECRET_GRACE: duration('24h'),
  /** How long outbox events are kept after the dispatcher handed them over (longer while a delivery names them). */
  OUTBOX_RETENTION: duration('7d'),
  /** How long finished webhook deliveries (succeeded, or failed for good) stay in the delivery log. */
  WEBHOOK_DELIVERY_RETENTION: duration('30d'),
  /** How often each instance prunes old deliveries, outbox events and expired idempotency keys. */
  RETENTION_SWEEP_INTERVAL: duration('1m'),
  /** Plain-http callback URLs (local development and tests only). */
  WEBHOOK_ALLOW_HTTP: flag('false'),
  /** Callback hosts resolving to loopback, private, link-local or metadata addresses (development and tests only). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag('false'),
});

/** Every setting read from the environment (the keys .env.example and the README table list). */
export const CONFIG_KEYS = Object.keys(schema.shape);

/** A configuration the service refuses; its message names the setting and what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Config = Omit<
  z.infer<typeof schema>,
  'HOST' | 'RATE_LIMIT_PER_MINUTE' | 'GRAPHQL_INTROSPECTION' | 'CORS_ORIGINS' | 'GRAPHIQL'
> & {
  demoMode: boolean;
  HOST: string;
  RATE_LIMIT_PER_MINUTE: number;
  GRAPHQL_INTROSPECTION: boolean;
  CORS_ORIGINS: CorsOrigins;
  GRAPHIQL: boolean;
};

/**
 * Parses configuration from the environment (or the given overrides, for tests).
 * Fails fast on bad values, and in production on a default or short (< 32 bytes) secret.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const demoMode = parsed.data.NODE_ENV !== 'production';
  const config: Config = {
    ...parsed.data,
    demoMode,
    // Demo mode's JWT secret and vendor key are public: anyone who reaches it can mint an admin token.
    HOST: parsed.data.HOST ?? (demoMode ? '127.0.0.1' : '0.0.0.0'),
    RATE_LIMIT_PER_MINUTE: parsed.data.RATE_LIMIT_PER_MINUTE ?? (demoMode ? 0 : 1200),
    GRAPHQL_INTROSPECTION: parsed.data.GRAPHQL_INTROSPECTION ?? demoMode,
    CORS_ORIGINS: parsed.data.CORS_ORIGINS ?? (demoMode ? ['loopback'] : []),
    GRAPHIQL: parsed.data.GRAPHIQL ?? demoMode,
  };
  if (!config.demoMode && config.JWT_SECRET === DEFAULT_JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET must be set in production (the default secret is public)');
  }
  if (config.WEBHOOK_LEASE > 30_000 || config.WEBHOOK_LEASE <= config.WEBHOOK_TIMEOUT) {
    throw new ConfigError('Invalid configuration: WEBHOOK_LEASE must be longer than WEBHOOK_TIMEOUT and at most 30s');
  }
  if (config.OUTBOX_RETENTION <= 0 || config.WEBHOOK_DELIVERY_RETENTION <= 0 || config.RETENTION_SWEEP_INTERVAL <= 0) {
    throw new ConfigError('Invalid configuration: OUTBOX_RETENTION, WEBHOOK_DELIVERY_RETENTION and RETENTION_SWEEP_INTERVAL must be longer than 0');
  }
  if (!config.demoMode && config.PII_KEY === DEFAULT_PII_KEY) {
    throw new ConfigError('Invalid configuration: PII_KEY must be set in production (the default key is public)');
  }
  if (!config.demoMode) {
    for (const key of ['JWT_SECRET', 'PII_KEY'] as const) {
      const bytes = Buffer.byteLength(config[key], 'utf8');
      if (bytes < MIN_SECRET_BYTES) {
        throw new ConfigError(
          `Invalid configuration: ${key} must be at least ${MIN_SECRET_BYTES} bytes in production (it has ${bytes}); generate one with \`openssl rand -base64 32\``,
        );
      }
    }
  }
  return config;
}

/**
 * What the configuration says of the database connections. Declared here, not taken from db/client.ts:
 * configuration sits below the database layer, and `openDatabase`'s options accept this as it is.
 */
export interface DatabaseSettings {
  maxConnections: number;
  replicaUrls: readonly string[];
  replicaMaxConnections: number;
  prepare: boolean;
  directUrl?: string;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  connectTimeoutMs: number;
  applicationName: string;
}

/**
 * The database timeouts of `config`, its connections' application name, pooler mode (DB_PREPARE) and
 * the direct URL, as `openDatabase` takes them.
 */
export function databaseTimeouts(config: Config): DatabaseSettings {
  return {
    maxConnections: config.DB_POOL_SIZE,
    replicaUrls: config.DATABASE_REPLICA_URLS,
    replicaMaxConnections: config.DB_REPLICA_POOL_SIZE ?? config.DB_POOL_SIZE,
    prepare: config.DB_PREPARE,
    directUrl: config.DATABASE_DIRECT_URL,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT,
    applicationName: config.DB_APPLICATION_NAME,
  };
}
