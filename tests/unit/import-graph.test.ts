import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The house rules for imports, read from the source itself: no circle between modules, and inside
// `lib/` the folders form layers, so that no import runs from a lower folder back up to a higher one.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['lib', 'app', 'components', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return null;
}

/** The modules a file loads at run time: type-only imports are erased and do not count. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    if (m[2]) continue;
    // `import { type A, type B } from` is erased too.
    if (m[3] && /^\s*\{\s*(type\s+\w+\s*(as\s+\w+\s*)?,?\s*)+\}\s*from\s+$/.test(m[3])) continue;
    found.push(m[4]!);
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!);
  return found.map((s) => resolve(file, s)).filter((f): f is string => f !== null);
}

const files = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
const rel = (f: string) => path.relative(ROOT, f);

/** Strongly connected components with more than one member (Tarjan). */
function circles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!order.has(v)) visit(v);
  return found;
}

/** A module's layer inside lib/: its top folder, or the file itself on the ground floor. */
const layerOf = (file: string): string | null => {
  const parts = rel(file).split(path.sep);
  if (parts[0] !== 'lib') return null;
  return parts.length > 2 ? `lib/${parts[1]}/` : rel(file);
};

describe('the import graph', () => {
  it('reads the sources (the check is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(graph.get(path.join(ROOT, 'lib/api/route.ts'))).toContain(path.join(ROOT, 'lib/errors.ts'));
  });

  it('has no circle between modules', () => {
    expect(circles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('has no circle between the folders of lib/, so every arrow runs down', () => {
    const layers = new Map<string, Set<string>>();
    const witness = new Map<string, string>();
    for (const [from, targets] of graph) {
      const a = layerOf(from);
      if (!a) continue;
      for (const to of targets) {
        const b = layerOf(to);
        if (!b || a === b) continue;
        if (!layers.has(a)) layers.set(a, new Set());
        layers.get(a)!.add(b);
        witness.set(`${a} -> ${b}`, `${rel(from)} imports ${rel(to)}`);
      }
    }
    const edges = new Map([...layers].map(([k, v]) => [k, [...v]]));
    const loops = circles(edges).map((component) =>
      [...witness].filter(([edge]) => component.some((a) => edge.startsWith(`${a} -> `)) && component.some((b) => edge.endsWith(` -> ${b}`))).map(([, w]) => w),
    );
    expect(loops).toEqual([]);
  });

  it('keeps pages and route handlers off the database: they call lib/, which reads it', () => {
    const database = [path.join(ROOT, 'lib/db.ts')];
    const direct = [...graph]
      .filter(([from]) => rel(from).startsWith(`app${path.sep}`))
      .filter(([from, targets]) => targets.some((t) => database.includes(t)) || /lib\/generated\/prisma/.test(readFileSync(from, 'utf8')))
      .map(([from]) => rel(from));
    expect(direct).toEqual([]);
  });
});
