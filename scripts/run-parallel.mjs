// node scripts/run-parallel.mjs <script> [<script> …]: runs those npm scripts at once (npm test's lint and
// typecheck, which each keep one core busy for about 20 s) and fails when any of them fails. Each one's
// output is printed whole when it ends, so that two outputs never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const text = Buffer.concat(output).toString();
      process.stdout.write(`--- npm run ${script}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}\n${text}${text && !text.endsWith('\n') ? '\n' : ''}`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
