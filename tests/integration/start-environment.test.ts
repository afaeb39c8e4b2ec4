import { describe, expect, it } from '@jest/globals';
import { runToEnd } from '../setup/run-to-end';
import { budget } from '../setup/machine-speed.js';

const WITH_DB = ['--conditions=react-server', 'scripts/with-db.ts'];
const RAN = ['--', 'node', '-e', "console.log('the app ran')"];

describe('the start-up check', () => {
  it('refuses to start with bad variables, naming them in one line and showing no value', async () => {
    const result = await runToEnd('node_modules/.bin/tsx', [...WITH_DB, ...RAN], {
      DATABASE_URL: process.env.DATABASE_URL!,
      NEXTAUTH_SECRET: 'a-secret-of-more-than-32-characters-0000',
      DATABASE_POOL_SIZE: 'many',
      APP_URL: 'not a url',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid environment variables: DATABASE_POOL_SIZE, APP_URL');
    expect(result.stdout).not.toContain('the app ran');
  });

  it('requires NEXTAUTH_SECRET for a production start on a PostgreSQL server', async () => {
    const result = await runToEnd('node_modules/.bin/tsx', [...WITH_DB, ...RAN], {
      DATABASE_URL: process.env.DATABASE_URL!,
      NEXTAUTH_SECRET: '',
      AUTH_SECRET: '',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid environment variables: NEXTAUTH_SECRET');
    expect(result.stdout).not.toContain('the app ran');
  });

  // Without the background jobs beside the command (JOBS=off; the e2e server runs them, and
  // tests/integration/embedded-database.test.ts runs with-db.ts with them): their pg-boss start-up, queued
  // behind other suites' on the shared database of a loaded CI machine, once held this test's exit past 30 s.
  it('starts on a PostgreSQL server once NEXTAUTH_SECRET is given', async () => {
    const result = await runToEnd('node_modules/.bin/tsx', [...WITH_DB, ...RAN], {
      DATABASE_URL: process.env.DATABASE_URL!,
      NEXTAUTH_SECRET: 'a-secret-of-more-than-32-characters-0000',
      JOBS: 'off',
    });
    expect(result.stdout).toContain('the app ran');
    expect(result.code).toBe(0);
  }, budget(90_000));
});
