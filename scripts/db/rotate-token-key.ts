// npm run tokens:rotate — re-seals every sealed token on DATABASE_URL (or the embedded database) under
// TOKEN_ENCRYPTION_KEY, opening each with it or with one of TOKEN_ENCRYPTION_KEY_PREVIOUS's keys, so the
// previous keys can then be dropped (docs/security.md). Prints counts and the ids of rows no key opens,
// never a token or a key; exits 1 when any value could not be opened.
import '../lib/load-env';
import { readEnv } from '../../lib/config/env.js';

// Refused variables are named in one line (never their values) before anything connects.
try {
  readEnv(['TOKEN_ENCRYPTION_KEY', 'TOKEN_ENCRYPTION_KEY_PREVIOUS']);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const { tokenCipherReady } = await import('@/lib/security/token-cipher');
if (!tokenCipherReady()) {
  console.error('TOKEN_ENCRYPTION_KEY is not set, or is not 32 bytes (base64 or hex): there is no key to re-seal under.');
  process.exit(1);
}

const [{ createPrismaClient }, { rotateTokenKey, SEALED_SOURCES }, { resolveDatabase }] = await Promise.all([
  import('@/lib/db'),
  import('@/lib/maintenance/token-key-rotation'),
  import('../lib/embedded-postgres'),
]);

const database = await resolveDatabase();
const client = createPrismaClient(database.url);
try {
  const report = await rotateTokenKey(client);
  let unreadable = 0;
  for (const source of SEALED_SOURCES) {
    const tally = report[source];
    unreadable += tally.unreadable.length;
    console.log(`${source}: ${tally.resealed} re-sealed, ${tally.current} already under the current key, ${tally.unreadable.length} unreadable`);
    for (const row of tally.unreadable) console.log(`  unreadable under every configured key: ${row}`);
  }
  if (unreadable) {
    console.error(`${unreadable} sealed value(s) open under no configured key: keep the key that sealed them in TOKEN_ENCRYPTION_KEY_PREVIOUS, or those members reconnect.`);
    process.exitCode = 1;
  } else {
    console.log('Every sealed value is under TOKEN_ENCRYPTION_KEY: TOKEN_ENCRYPTION_KEY_PREVIOUS can be removed.');
  }
} catch (error) {
  // The message only: a database error names no token, and the stack is not the operator's concern.
  console.error(`Rotating the token key failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.$disconnect();
  await database.stop();
}
