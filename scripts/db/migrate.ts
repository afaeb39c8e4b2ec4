// npm run db:migrate — applies pending migrations to DATABASE_URL, or to the embedded database.
import '../lib/load-env';
import { resolveDatabase } from '../lib/embedded-postgres';
import { applyMigrations } from '../lib/migrator';

const database = await resolveDatabase();
try {
  const { applied, warnings } = await applyMigrations(database.url);
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.stop();
}
