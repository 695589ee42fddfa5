/**
 * Durations in configuration: a whole number with a unit (`500ms`, `5s`, `10m`, `24h`, `7d`), or a
 * bare number of milliseconds. One parser so every duration setting reads the same way.
 */
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a duration string; null when it is not one. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * UNITS[match[2] ?? 'ms'];
  return Number.isSafeInteger(value) ? value : null;
}
