// A process that takes its part in the embedded database on EMBEDDED_DB_DIR, prints whether it owns
// or joined it, and keeps it until its stdin closes (tests/integration/embedded-database.test.ts).
import { ensureEmbeddedDatabase } from '../../scripts/lib/embedded-postgres';

const database = await ensureEmbeddedDatabase();
console.log(JSON.stringify({ owned: database.owned, url: database.url }));
process.stdin.resume();
process.stdin.on('end', async () => {
  await database.stop();
  process.exit(0);
});
