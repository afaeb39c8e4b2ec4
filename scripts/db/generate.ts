// npm run db:generate — `prisma generate` without the schema-engine download, which this
// machine cannot reach: generate only needs the binary's path to exist, never runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inheritedEnvironment, readEnv } from '../../lib/config/env.js';

const placeholder = path.resolve('node_modules/.cache/prisma/schema-engine-unused');
mkdirSync(path.dirname(placeholder), { recursive: true });
writeFileSync(placeholder, '');

const result = spawnSync(process.execPath, [path.resolve('node_modules/prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env: { ...inheritedEnvironment(), PRISMA_SCHEMA_ENGINE_BINARY: readEnv(['PRISMA_SCHEMA_ENGINE_BINARY']).PRISMA_SCHEMA_ENGINE_BINARY ?? placeholder, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
process.exit(result.status ?? 1);
