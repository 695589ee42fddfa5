import path from 'node:path';
import { z } from 'zod';

/** The development-only JWT secret; production refuses to start with it. */
export const DEFAULT_JWT_SECRET = 'marquee-dev-secret-change-me';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(process.cwd(), '.data')),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  JWT_SECRET: z.string().min(16).default(DEFAULT_JWT_SECRET),
  PUBLIC_BASE_URL: z.string().url().optional(),
  ORDER_HOLD_SECONDS: z.coerce.number().int().positive().default(420),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Adds `x-sql-statements` to every response: the number of SQL statements the request ran. */
  EXPOSE_SQL_COUNT: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Requests per minute per client address; 0 turns rate limiting off. Default: 1200 in production, off otherwise. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  /** Seed scale for demo mode: 1 is ~40 theatres, 22.5 is chain size (~900 theatres). */
  SEED_SCALE: z.coerce.number().positive().default(1),
});

export type Config = Omit<z.infer<typeof schema>, 'RATE_LIMIT_PER_MINUTE'> & { demoMode: boolean; RATE_LIMIT_PER_MINUTE: number };

/**
 * Parses configuration from the environment (or the given overrides, for tests).
 * Fails fast on bad values, and in production on a default JWT secret.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const demoMode = parsed.data.NODE_ENV !== 'production';
  const config: Config = {
    ...parsed.data,
    demoMode,
    RATE_LIMIT_PER_MINUTE: parsed.data.RATE_LIMIT_PER_MINUTE ?? (demoMode ? 0 : 1200),
  };
  if (!config.demoMode && config.JWT_SECRET === DEFAULT_JWT_SECRET) {
    throw new Error('Invalid configuration: JWT_SECRET must be set in production (the default secret is public)');
  }
  return config;
}
