import type { Db } from '../client';

export interface SeedOptions {
  /** 1 is the demo chain (~40 theatres); larger grows toward chain size (22.5 ≈ 900 theatres). */
  scale: number;
  /** Whether to create demo credentials (the `demo-vendor-key` vendor, demo accounts). */
  demoCredentials?: boolean;
  /** The first local day of showtimes; defaults to today. */
  today?: Date;
  log?: (message: string) => void;
}

/** Seeds demo data into an empty database; does nothing when theatres already exist. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  void db;
  void options;
  return false;
}

/** Seeds the demo chain into an empty, migrated database. Deterministic for a given `today` and scale. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  void db;
  void options;
}
