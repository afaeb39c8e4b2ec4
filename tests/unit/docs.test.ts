import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The README and docs/ point at files; a rename that forgets them leaves a newcomer at a dead end.

const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const documents = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];
const rel = (file: string) => path.relative(ROOT, file);

/** Relative link targets, without their #fragment. */
function links(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#')).map((t) => t.split('#')[0]!);
}

/** Code spans that name a file or folder of this repository, e.g. `lib/labs/parse-report.ts`. */
function repoPaths(text: string): string[] {
  // A walk-through may name files of an example that does not exist yet: `<!-- example: polar -->`.
  const examples = [...text.matchAll(/<!-- example: (\w+)/g)].map((m) => m[1]!);
  const roots = ['app', 'components', 'lib', 'scripts', 'tests', 'bench', 'docs', 'prisma', 'public'];
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((p) => roots.some((r) => p.startsWith(`${r}/`)) && !/[*{}<>|…()]/.test(p) && !examples.some((e) => p.includes(e)))
    .map((p) => p.replace(/[.,:;]$/, ''));
}

describe('the README and docs/', () => {
  it('read the files (the check is not vacuous)', () => {
    expect(documents.length).toBeGreaterThan(8);
    expect(repoPaths(readFileSync(documents[0]!, 'utf8')).length).toBeGreaterThan(3);
  });

  it('keep the README a front door: about 120 lines besides the table of lib/ (a row per folder), no link outside the repository', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const lines = readme.split('\n');
    const table = lines.slice(lines.indexOf('| `lib/` folder | holds |'));
    const tableRows = table.findIndex((line) => !line.startsWith('|'));
    expect(tableRows).toBeGreaterThan(30);
    expect(lines.length - tableRows).toBeLessThanOrEqual(130);
    const outside = links(readme).filter((t) => !path.resolve(ROOT, t).startsWith(ROOT + path.sep));
    expect(outside).toEqual([]);
  });

  it('link only to files that exist', () => {
    const dead = documents.flatMap((doc) =>
      links(readFileSync(doc, 'utf8'))
        .filter((t) => t !== '' && !existsSync(path.resolve(path.dirname(doc), t)))
        .map((t) => `${rel(doc)} → ${t}`),
    );
    expect(dead).toEqual([]);
  });

  it('name only source files that exist', () => {
    const dead = documents.flatMap((doc) =>
      repoPaths(readFileSync(doc, 'utf8'))
        .filter((p) => !['', '.ts', '.tsx', '.js', '.mjs'].some((ext) => existsSync(path.join(ROOT, p + ext))))
        .map((p) => `${rel(doc)} → ${p}`),
    );
    expect(dead).toEqual([]);
  });
});
