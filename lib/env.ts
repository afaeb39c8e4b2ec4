import 'server-only';
import { z } from 'zod';

// Empty strings count as unset, so `FOO=` in a .env file turns an integration off.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const int = (fallback: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? fallback : Number(v)), z.number().int().positive());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optional,
  DATABASE_POOL_SIZE: int(10),
  DATABASE_CONNECT_TIMEOUT_MS: int(5000),
  APP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('http://localhost:3000')),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid environment variables: ${fields}`);
  }
  return parsed.data;
}

export const env = load();
