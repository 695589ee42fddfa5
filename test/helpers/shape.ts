/**
 * A tiny field/type checker for REST conformance tests. A spec maps a dotted path to a type:
 * `'int'`, `'number'`, `'string'`, `'boolean'`, `'array'`, `'object'`, `'link'` (`{href, templated}`),
 * with a `?` suffix for nullable. `[]` in a path checks every element of an array
 * (`'_embedded.showtimes[].id': 'int'`); an empty array fails the check, so fixtures must have data.
 */
export type FieldType = 'int' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'link';
export type ShapeSpec = Record<string, `${FieldType}` | `${FieldType}?`>;

function typeProblem(value: unknown, type: string): string | null {
  const nullable = type.endsWith('?');
  const base = nullable ? type.slice(0, -1) : type;
  if (value === null) return nullable ? null : 'is null';
  if (value === undefined) return 'is missing';
  switch (base) {
    case 'int':
      return Number.isInteger(value) ? null : `is ${JSON.stringify(value)}, not an integer`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `is ${JSON.stringify(value)}, not a number`;
    case 'string':
    case 'boolean':
      return typeof value === base ? null : `is ${JSON.stringify(value)}, not a ${base}`;
    case 'array':
      return Array.isArray(value) ? null : 'is not an array';
    case 'object':
      return typeof value === 'object' && !Array.isArray(value) ? null : 'is not an object';
    case 'link': {
      const l = value as { href?: unknown; templated?: unknown };
      return typeof l === 'object' && typeof l.href === 'string' && typeof l.templated === 'boolean'
        ? null
        : `is ${JSON.stringify(value)}, not a link`;
    }
    default:
      return `unknown type ${type}`;
  }
}

const EMPTY = Symbol('empty array');

/** Values at a dotted path; `[]` fans out over array elements. */
function valuesAt(root: unknown, path: string): { where: string; value: unknown }[] {
  let current: { where: string; value: unknown }[] = [{ where: '', value: root }];
  for (const part of path.split('.')) {
    const fan = part.endsWith('[]');
    const key = fan ? part.slice(0, -2) : part;
    const next: { where: string; value: unknown }[] = [];
    for (const { where, value } of current) {
      if (value === EMPTY) {
        next.push({ where, value });
        continue;
      }
      const child = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      const at = where ? `${where}.${key}` : key;
      if (!fan) {
        next.push({ where: at, value: child });
      } else if (!Array.isArray(child) || child.length === 0) {
        next.push({ where: `${at}[]`, value: Array.isArray(child) ? EMPTY : child });
      } else {
        child.forEach((item, i) => next.push({ where: `${at}[${i}]`, value: item }));
      }
    }
    current = next;
  }
  return current;
}

/** Every mismatch between the body and the spec, as readable lines (empty when conformant). */
export function shapeProblems(body: unknown, spec: ShapeSpec): string[] {
  const problems: string[] = [];
  for (const [path, type] of Object.entries(spec)) {
    for (const { where, value } of valuesAt(body, path)) {
      if (value === EMPTY) {
        problems.push(`${where} is an empty array (no data to check ${path})`);
        continue;
      }
      const problem = typeProblem(value, type);
      if (problem) problems.push(`${where} ${problem}`);
    }
  }
  return problems;
}
