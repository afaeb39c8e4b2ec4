// npm run db:generate — `prisma generate` without the schema-engine download, which this
// machine cannot reach: generate only needs the binary's path to exist, never runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const placeholder = path.resolve('node_modules/.cache/prisma/schema-engine-unused');
mkdirSync(path.dirname(placeholder), { recursive: true });
writeFileSync(placeholder, '');

const result = spawnSync(process.execPath, [path.resolve('node_modules/prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? placeholder, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
process.exit(result.status ?? 1);
