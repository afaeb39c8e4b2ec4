import { execFileSync } from 'node:child_process';
import { createDatabase, uniqueName } from './test-database.js';

// The template every integration test file's database is copied from, migrated by the real CLI.
export default async function globalSetup() {
  const name = uniqueName('vt_template');
  const url = await createDatabase(name);
  execFileSync('node_modules/.bin/tsx', ['scripts/db/migrate.ts'], { env: { ...process.env, DATABASE_URL: url }, stdio: 'pipe' });
  // Workers start after this, and inherit it.
  process.env.TEST_TEMPLATE_DATABASE = name;
}
