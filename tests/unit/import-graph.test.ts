import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The house rules for imports, read from the source itself: the layers below, bottom first, and no
// circle between modules. Type-only imports count like any other: a type ties the two modules together
// as much as a value does (the compiler reads both, and a change to one breaks the other).

/**
 * The layers, bottom first. A module may import from its own layer or from any layer below; an import
 * into a higher layer fails, naming both files. Inside a layer, folders may use one another as long as
 * no two do so both ways. A member is a folder (`lib/jobs/`), one module (`lib/labs/markers.ts`), or
 * `lib/*.ts` (the files at lib's root, each its own unit); a module belongs to its longest matching member,
 * and every folder of lib/ must have its place here.
 */
const LAYERS: readonly { name: string; members: readonly string[] }[] = [
  // General modules that know no area: lib's root files, the Prisma client, the environment's
  // definition, HTTP helpers and the shared zod schemas; and the constant tables those schemas and the
  // browser check against (pure data: wearable keys, lab markers and their unit systems, the WHO-5 items,
  // an experiment's contract and catalogue, with the pure analysis whose result type the contract names).
  {
    name: 'ground',
    members: [
      'lib/*.ts',
      'lib/generated/',
      'lib/config/',
      'lib/http/',
      'lib/validation/',
      'lib/wearables/catalogue.ts',
      'lib/labs/markers.ts',
      'lib/labs/lab-units.ts',
      'lib/mindset/who5.ts',
      'lib/experiments/contract.ts',
      'lib/experiments/catalogue.ts',
      'lib/experiments/analysis.ts',
    ],
  },
  // The running service's plumbing, which knows no member's data: job queues, mail, file storage,
  // encryption and headers, logs, metrics and health checks.
  { name: 'services', members: ['lib/jobs/', 'lib/mail/', 'lib/storage/', 'lib/security/', 'lib/observability/'] },
  // Who a member is and what he brings: accounts and sessions, the subscription, wearables, blood tests,
  // what he takes (and the blood tests his testosterone therapy asks for), the camera's signal processing,
  // the questionnaires, crisis replies, the upload quota, the demo member, and which of them this install offers.
  { name: 'sources', members: ['lib/auth/', 'lib/billing/', 'lib/wearables/', 'lib/labs/', 'lib/medications/', 'lib/scan-engine/', 'lib/mindset/', 'lib/safety/', 'lib/uploads/', 'lib/demo/', 'lib/offers/'] },
  // One value per measure from every source, and what is read straight from it: the scores, the profile,
  // the stored scans.
  { name: 'measures', members: ['lib/metrics/', 'lib/scores/', 'lib/profile/', 'lib/scans/'] },
  // What the dashboard and /insights say about the measures, the generated texts that phrase it, and a
  // member's own trial's answer.
  { name: 'answers', members: ['lib/dashboard/', 'lib/insights/', 'lib/ai/', 'lib/experiments/'] },
  // What a member does with it all (check-ins, onboarding, history imports, the export, reminders, kit
  // orders, the doctor's report, deleting his account), and the daily upkeep.
  { name: 'features', members: ['lib/checkins/', 'lib/onboarding/', 'lib/imports/', 'lib/export/', 'lib/reminders/', 'lib/kits/', 'lib/reports/', 'lib/account/', 'lib/maintenance/'] },
  // Browser-side helpers: they call the API and name any area's answer types.
  { name: 'browser', members: ['lib/client/'] },
  // The route wrapper and the handlers built with it: only lib/api/ and app/ build route handlers.
  { name: 'routes', members: ['lib/api/'] },
  { name: 'components', members: ['components/'] },
  // Pages, route handlers and the command-line scripts: nothing imports them.
  { name: 'entry points', members: ['app/', 'scripts/'] },
];

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

/** The modules a file imports, type-only imports and re-exports included, and its dynamic imports. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!);
  return found.map((s) => resolve(file, s)).filter((f): f is string => f !== null);
}

const files = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
const graph = new Map(files.map((f) => [f, imports(f)]));
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');

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

/** A module's place: its layer's index and its unit (the member it matched, or itself for a file at lib's root). */
function placeOf(file: string): { layer: number; unit: string } | null {
  const name = rel(file);
  let place: { layer: number; unit: string } | null = null;
  let matched = 0;
  for (const [layer, { members }] of LAYERS.entries()) {
    for (const member of members) {
      const atRoot = member === 'lib/*.ts' && /^lib\/[^/]+$/.test(name);
      if (!atRoot && !(member.endsWith('/') ? name.startsWith(member) : name === member)) continue;
      const length = atRoot ? 'lib/'.length : member.length;
      if (length > matched) [place, matched] = [{ layer, unit: atRoot ? name : member }, length];
    }
  }
  return place;
}

describe('the import graph', () => {
  it('reads the sources, type-only imports included (the check is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(graph.get(path.join(ROOT, 'lib/api/route.ts'))).toContain(path.join(ROOT, 'lib/errors.ts'));
    // `import type { SessionUser } from '@/lib/auth/sessions'`
    expect(graph.get(path.join(ROOT, 'lib/dashboard/answer-cache.ts'))).toContain(path.join(ROOT, 'lib/auth/sessions.ts'));
  });

  it('has no circle between modules, type-only imports included', () => {
    expect(circles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('places every module in a layer, and every layer member names a folder or module that is there', () => {
    expect(files.filter((f) => !placeOf(f)).map(rel)).toEqual([]);
    const members = LAYERS.flatMap((l) => l.members);
    expect(members.filter((m, i) => members.indexOf(m) !== i)).toEqual([]);
    expect(members.filter((m) => m !== 'lib/*.ts' && !existsSync(path.join(ROOT, m)))).toEqual([]);
    // A new folder of lib/ gets its place by name, not by falling into another's.
    const folders = readdirSync(path.join(ROOT, 'lib')).filter((n) => statSync(path.join(ROOT, 'lib', n)).isDirectory());
    expect(folders.filter((n) => !members.includes(`lib/${n}/`))).toEqual([]);
  });

  it('never imports from a higher layer', () => {
    const upward = [...graph].flatMap(([from, targets]) => {
      const a = placeOf(from);
      return targets.flatMap((to) => {
        const b = placeOf(to);
        if (!a || !b || b.layer <= a.layer) return [];
        return [`${rel(from)} (${LAYERS[a.layer]!.name}) imports ${rel(to)} (${LAYERS[b.layer]!.name}), a layer above it`];
      });
    });
    expect(upward).toEqual([]);
  });

  it('has no circle between the folders of one layer', () => {
    const edges = new Map<string, Set<string>>();
    const witness = new Map<string, string>();
    for (const [from, targets] of graph) {
      const a = placeOf(from);
      for (const to of targets) {
        const b = placeOf(to);
        if (!a || !b || a.layer !== b.layer || a.unit === b.unit) continue;
        if (!edges.has(a.unit)) edges.set(a.unit, new Set());
        edges.get(a.unit)!.add(b.unit);
        witness.set(`${a.unit} -> ${b.unit}`, `${rel(from)} imports ${rel(to)}`);
      }
    }
    const loops = circles(new Map([...edges].map(([k, v]) => [k, [...v]]))).map((component) =>
      [...witness].filter(([edge]) => component.some((a) => edge.startsWith(`${a} -> `)) && component.some((b) => edge.endsWith(` -> ${b}`))).map(([, w]) => w),
    );
    expect(loops).toEqual([]);
  });

  it('keeps pages and route handlers off the database: they call lib/, which reads it', () => {
    const database = [path.join(ROOT, 'lib/db.ts')];
    const direct = [...graph]
      .filter(([from]) => rel(from).startsWith('app/'))
      .filter(([from, targets]) => targets.some((t) => database.includes(t)) || /lib\/generated\/prisma/.test(readFileSync(from, 'utf8')))
      .map(([from]) => rel(from));
    expect(direct).toEqual([]);
  });
});
