import { spawn } from 'node:child_process';

export type Finished = { code: number | null; stdout: string; stderr: string };

/** Runs a command with extra environment variables to its end, collecting what it printed. */
export function runToEnd(command: string, args: string[], env: Record<string, string>, cwd = process.cwd()): Promise<Finished> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
