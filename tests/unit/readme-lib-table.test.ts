import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The README's table of lib/'s folders is where a newcomer learns what each area holds: it lists every
// folder (the generated Prisma client aside), one row each, and no folder that is gone.

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEADER = '| `lib/` folder | holds |';

/** The folders the table's rows name, in its first column (`auth/`). */
function tableFolders(readme: string): string[] {
  const start = readme.indexOf(HEADER);
  if (start < 0) return [];
  const rows = readme.slice(start).split('\n').slice(2);
  const table = rows.slice(0, rows.findIndex((line) => !line.startsWith('|')));
  return table.map((row) => /^\|\s*`([^`]+)\/`\s*\|/.exec(row)?.[1] ?? `(a row that names no folder: ${row})`);
}

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const listed = tableFolders(readme);
const folders = readdirSync(path.join(ROOT, 'lib')).filter((name) => name !== 'generated' && statSync(path.join(ROOT, 'lib', name)).isDirectory());

describe("README.md's table of lib/", () => {
  it('is there, with a row per folder', () => {
    expect(readme).toContain(HEADER);
    expect(listed.length).toBeGreaterThan(30);
  });

  it('names every folder of lib/', () => {
    expect(folders.filter((name) => !listed.includes(name)).map((name) => `lib/${name}/ has no row in README.md's table`)).toEqual([]);
  });

  it('names no folder that is not there, and none twice', () => {
    expect(listed.filter((name) => !folders.includes(name))).toEqual([]);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
  });
});
