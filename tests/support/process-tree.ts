import { readdirSync, readFileSync } from 'node:fs';

// A process and its descendants as /proc shows them (Linux): their resident memory, for the
// tests and the bench that watch the server while it reads hostile uploads.

/** /proc/<pid>/stat's fields after the command name (which may hold spaces): [0] is the state, [1] the parent. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone
  }
}

/** `pid` and every process descended from it. */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (fields) parentOf.set(Number(name), Number(fields[1]));
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** The summed VmRSS of `pid` and its descendants, in bytes. */
export function treeRssBytes(pid: number): number {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      total += Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}
