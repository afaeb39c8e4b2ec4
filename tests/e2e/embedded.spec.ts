import { expect, test } from '@playwright/test';
import { DEMO_EMAIL } from '@/lib/demo/account';
import { embeddedE2EUrl, query } from './support/database';

// This server was started by `SEED_DEMO=1 npm start` with no DATABASE_URL, on an empty data directory.
test('npm start on the embedded default creates and migrates the database, and seeds it when SEED_DEMO=1 asks', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });

  const url = await embeddedE2EUrl();
  const migrations = await query<{ n: number }>('SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL', [], url);
  expect(migrations[0]!.n).toBeGreaterThan(0);
  const users = await query<{ email: string; metrics: number }>(
    'SELECT u.email, (SELECT count(*)::int FROM daily_metrics m WHERE m."userId" = u.id) AS metrics FROM users u WHERE email = $1',
    [DEMO_EMAIL],
    url,
  );
  expect(users).toEqual([{ email: DEMO_EMAIL, metrics: 240 }]);
});
