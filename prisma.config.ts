import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI (generate). Migrations run through scripts/db, which needs no engine binary.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
