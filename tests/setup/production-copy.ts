// A copy of this checkout as a production host holds it: the build and the sources, but only the
// packages `npm ls --omit=dev` lists, hard-linked so that the copy takes seconds.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const LEFT_OUT = new Set(['node_modules', '.data', '.git', 'test-results', 'playwright-report', 'coverage']);

function linkCopy(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  execFileSync('cp', ['-al', from, to]);
}

/** Fills `target` (on the same file system, for hard links) and returns the packages it holds. */
export function copyForProduction(target: string, root = process.cwd()): string[] {
  for (const entry of readdirSync(root)) {
    if (LEFT_OUT.has(entry)) continue;
    if (entry !== '.next') linkCopy(path.join(root, entry), path.join(target, entry));
    // The build without its cache, which only later builds read.
    else for (const part of readdirSync(path.join(root, entry))) if (part !== 'cache') linkCopy(path.join(root, entry, part), path.join(target, entry, part));
  }
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.startsWith(path.join(root, 'node_modules') + path.sep))
    .sort();
  const packages = listed.map((dir) => path.relative(root, dir));
  for (const relative of packages) {
    const to = path.join(target, relative);
    // A nested package came along with its parent's folder.
    if (!existsSync(to)) linkCopy(path.join(root, relative), to);
  }
  // npm puts the packages' commands in node_modules/.bin; keep those whose package was copied.
  const bin = path.join(root, 'node_modules/.bin');
  mkdirSync(path.join(target, 'node_modules/.bin'), { recursive: true });
  for (const name of readdirSync(bin)) {
    const link = path.join(bin, name);
    if (!lstatSync(link).isSymbolicLink()) continue;
    const resolved = path.relative(root, realpathSync(link));
    if (existsSync(path.join(target, resolved))) symlinkSync(readlinkSync(link), path.join(target, 'node_modules/.bin', name));
  }
  return packages;
}
