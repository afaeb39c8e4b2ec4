// npm run db:seed — creates (or refreshes) the demo user on DATABASE_URL or the embedded database.
import '../lib/load-env';
import { createPrismaClient } from '@/lib/db';
import { seedDemoData } from '@/lib/demo/seed';
import { resolveDatabase } from '../lib/embedded-postgres';

const database = await resolveDatabase();
const client = createPrismaClient(database.url);
try {
  const started = performance.now();
  const summary = await seedDemoData(client);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Seeded the demo user in ${seconds}s: ${summary.metricRows} metric rows, ${summary.checkins} check-ins, ${summary.labResults} lab results.`);
  // The credentials are in the README, never in a log.
  console.log('Sign in as the demo member with the address and password the README gives.');
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.$disconnect();
  await database.stop();
}
