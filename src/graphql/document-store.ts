import Redis from 'ioredis';

/** Where automatic persisted queries (APQ) are kept: hash → document text. */
export interface DocumentStore {
  get(hash: string): Promise<string | undefined>;
  set(hash: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/** Documents one instance keeps without Redis. */
const MEMORY_ENTRIES = 1000;
/** How long Redis keeps a registered document after its last registration. */
const REDIS_TTL_SECONDS = 7 * 24 * 3600;
const REDIS_PREFIX = 'marquee:apq:';

/** This instance's store: the most recently used MEMORY_ENTRIES documents. */
export function memoryStore(entries = MEMORY_ENTRIES): DocumentStore {
  const texts = new Map<string, string>();
  return {
    async get(hash) {
      const text = texts.get(hash);
      if (text !== undefined) {
        // Most recently used last: the first key is the one to drop.
        texts.delete(hash);
        texts.set(hash, text);
      }
      return text;
    },
    async set(hash, text) {
      texts.delete(hash);
      texts.set(hash, text);
      if (texts.size > entries) texts.delete(texts.keys().next().value as string);
    },
    async close() {},
  };
}

/**
 * The store every instance shares through Redis (REDIS_URL). Redis down is a miss, not a failure: a
 * client answered PersistedQueryNotFound sends its text again and the operation runs; the error is logged.
 */
export function redisStore(url: string, log: (err: unknown, message: string) => void): DocumentStore {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 500, enableOfflineQueue: true });
  redis.on('error', () => {
    // ioredis reconnects by itself; each failed command is logged where it fails.
  });
  const connecting = redis.connect().catch((err: unknown) => log(err, 'APQ store: Redis unreachable; persisted queries are re-sent as text'));
  return {
    async get(hash) {
      try {
        await connecting;
        const text = await redis.get(REDIS_PREFIX + hash);
        return text ?? undefined;
      } catch (err) {
        log(err, 'APQ store: Redis read failed');
        return undefined;
      }
    },
    async set(hash, text) {
      try {
        await connecting;
        await redis.set(REDIS_PREFIX + hash, text, 'EX', REDIS_TTL_SECONDS);
      } catch (err) {
        log(err, 'APQ store: Redis write failed');
      }
    },
    async close() {
      await connecting;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
