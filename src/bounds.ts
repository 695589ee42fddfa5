/**
 * The ranges inputs are held to before they reach the database (docs/security.md lists them). Every id
 * column of ours is a Postgres `integer` (int4) from 1; a value outside a column's range is not "not
 * found" to Postgres but a data exception, so it is stopped here, at the edge.
 */

/** The largest Postgres `integer` (int4). */
export const INT4_MAX = 2_147_483_647;
/** The smallest Postgres `integer` (int4). */
export const INT4_MIN = -2_147_483_648;

/** Whether `n` can be the id of a row: an integer in 1..INT4_MAX. */
export function isRowId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= INT4_MAX;
}

/** The row id a text key spells (digits only, within int4), or null when it cannot be one. */
export function rowIdOf(key: string): number | null {
  if (!/^\d{1,10}$/.test(key)) return null;
  const n = Number(key);
  return isRowId(n) ? n : null;
}

// A lone UTF-16 surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored as text, or null when it can: a NUL byte (Postgres `text` cannot hold
 * one; the statement fails) or a lone UTF-16 surrogate (not encodable as UTF-8: the driver would store
 * U+FFFD instead, silently changing the value).
 */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'contains a NUL byte';
  if (LONE_SURROGATE.test(value)) return 'is not valid Unicode (a lone surrogate)';
  return null;
}

/**
 * The first string in a JSON-like value (keys included) that `textProblem` rejects, as its path
 * (`seats.0.row`, `''` for the value itself) and the reason; null when every string is fine. Iterative,
 * so a deeply nested value cannot overflow the stack.
 */
export function findBadText(value: unknown): { path: string; problem: string } | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { path, problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: join(path, i) });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const problem = textProblem(key);
        if (problem) return { path, problem: `has a key that ${problem}` };
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return null;
}
