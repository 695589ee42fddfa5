import fs from 'node:fs';
import path from 'node:path';

/**
 * No module of the service imports itself back through others (issue 9 item 6 asked it of
 * src/realtime, where index.ts ↔ ws.ts once did). Only value imports count (`import type` is erased).
 * db/schema is left out: drizzle tables reference each other's columns lazily (`() => table.id`), and
 * two tables with foreign keys both ways are a legitimate cycle there.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const DIRS = ['src', 'resolvers', 'schema', 'db'];
const EXCLUDED = [path.join(ROOT, 'db', 'schema') + path.sep];

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The local modules a file imports or re-exports as values (`types`: or as types too). */
export function valueImports(file: string, known: Set<string>, types = false): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = types
    ? /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']*)'/gm
    : /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']*)'/gm;
  for (const match of text.matchAll(statement)) {
    const base = path.resolve(path.dirname(file), match[1]!);
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
    if (target) found.push(target);
  }
  return found;
}

/** Strongly connected components of more than one module (Tarjan), or a module importing itself. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const result: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) result.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return result;
}

describe('module imports', () => {
  const files = DIRS.flatMap((dir) => tsFiles(path.join(ROOT, dir))).filter(
    (file) => !EXCLUDED.some((prefix) => file.startsWith(prefix)),
  );
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, valueImports(file, known)]));

  it('reads the import graph (the check below looks at real edges)', () => {
    expect(files.length).toBeGreaterThan(100);
    const realtimeIndex = path.join(ROOT, 'src', 'realtime', 'index.ts');
    expect(graph.get(realtimeIndex)!.length).toBeGreaterThan(0);
  });

  it('finds a cycle when there is one', () => {
    const a = path.join(ROOT, 'a.ts');
    const b = path.join(ROOT, 'b.ts');
    const c = path.join(ROOT, 'c.ts');
    expect(cycles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toHaveLength(1);
    expect(cycles(new Map([[a, [b]], [b, [c]], [c, []]]))).toHaveLength(0);
  });

  it('has no import cycle in src, resolvers, schema or db (outside db/schema)', () => {
    const found = cycles(graph).map((component) => component.map((file) => path.relative(ROOT, file)).sort());
    expect(found).toEqual([]);
  });

  it('has no cycle of type imports either: a domain that names another domain\'s types depends on it', () => {
    const withTypes = new Map(files.map((file) => [file, valueImports(file, known, true)]));
    const found = cycles(withTypes).map((component) => component.map((file) => path.relative(ROOT, file)).sort());
    expect(found).toEqual([]);
  });
});
