import 'server-only';
import { z } from 'zod';

// Empty strings count as unset, so `FOO=` in a .env file turns an integration off.
const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optional = z.preprocess(blankIsUnset, z.string().optional());
const url = (fallback: string) => z.preprocess(blankIsUnset, z.url().default(fallback));
const int = (fallback: number) => z.preprocess((v) => (v === '' || v === undefined ? fallback : Number(v)), z.number().int().positive());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),

  DATABASE_URL: optional,
  DATABASE_POOL_SIZE: int(10),
  DATABASE_CONNECT_TIMEOUT_MS: int(5000),
  /** `off`: `npm run dev` / `npm start` run no background jobs (no reminders); on by default. */
  JOBS: z.preprocess(blankIsUnset, z.enum(['on', 'off']).optional()),
  /** How many computed answers each server process keeps (lib/answer-cache.ts); 0 turns the cache off. */
  ANSWER_CACHE_SIZE: z.preprocess((v) => (v === '' || v === undefined ? 2000 : Number(v)), z.number().int().min(0).max(1_000_000)),
  /** How long a migration waits for another one to finish before failing (scripts/lib/migrator.ts). */
  MIGRATION_LOCK_TIMEOUT_MS: int(60_000),
  /** 1: `npm start` seeds the demo user; 0: `npm run dev` doesn't (scripts/lib/start-environment.ts). */
  SEED_DEMO: z.preprocess(blankIsUnset, z.enum(['0', '1']).optional()),

  APP_URL: url('http://localhost:3000'),
  // Legal pages: unset means the app's own /terms and /privacy templates.
  TERMS_URL: z.preprocess(blankIsUnset, z.url().optional()),
  PRIVACY_URL: z.preprocess(blankIsUnset, z.url().optional()),
  /** Settings → Legal: the provider's privacy and cookie policy; unset means PRIVACY_URL, then the app's /privacy. */
  LEGAL_URL: z.preprocess(blankIsUnset, z.url().optional()),
  /** Where uploaded blood-test reports are kept, outside the public folder (lib/labs/storage.ts). */
  UPLOADS_DIR: z.preprocess(blankIsUnset, z.string().default('.data/uploads')),
  /** How long an uploaded PDF's text may take to read before the reader is stopped (lib/labs/report-text.ts). */
  LAB_PDF_READ_TIMEOUT_MS: int(10_000),
  /** next-auth's secret; `npm run dev` / `npm start` create one in .data/ when it is unset. */
  NEXTAUTH_SECRET: z.preprocess((v) => blankIsUnset(v ?? process.env.AUTH_SECRET), z.string().min(32).optional()),
  
  // Sign in with Google: the browser's token client; the server checks the token with Google.
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_API_BASE_URL: url('https://www.googleapis.com'),
  // Sign in with Apple: the server verifies the id_token against Apple's keys.
  APPLE_CLIENT_ID: optional,
  APPLE_JWKS_URL: url('https://appleid.apple.com/auth/keys'),

  // Wearables: each is available once its OAuth client is configured.
  /** 32 bytes (base64 or hex) that encrypt wearable tokens at rest; the embedded default creates one in .data/token-key. */
  TOKEN_ENCRYPTION_KEY: optional,
  /** The providers' addresses (tests point them at local fakes). */
  WHOOP_BASE_URL: url('https://api.prod.whoop.com'),
  OURA_AUTH_BASE_URL: url('https://cloud.ouraring.com'),
  OURA_API_BASE_URL: url('https://api.ouraring.com'),
  WITHINGS_AUTH_BASE_URL: url('https://account.withings.com'),
  WITHINGS_API_BASE_URL: url('https://wbsapi.withings.net'),
  WHOOP_CLIENT_ID: optional,
  WHOOP_CLIENT_SECRET: optional,
  OURA_CLIENT_ID: optional,
  OURA_CLIENT_SECRET: optional,
  WITHINGS_CLIENT_ID: optional,
  WITHINGS_CLIENT_SECRET: optional,

  // OpenAI: voice input (transcription) is off without a key.
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_TRANSCRIBE_MODEL: z.preprocess(blankIsUnset, z.string().default('gpt-4o-mini-transcribe')),
  /** The chat model that phrases generated texts (lib/ai); without a key the built-in engine writes them. */
  OPENAI_MODEL: z.preprocess(blankIsUnset, z.string().default('gpt-4o-mini')),

  // Billing (Stripe): off without a secret key; the dashboard then opens without a subscription.
  STRIPE_SECRET_KEY: optional,
  /** The recurring price a checkout subscribes to. */
  STRIPE_PRICE_ID: optional,
  /** Signs the webhooks Stripe sends to /api/webhooks/stripe (the CLI's `whsec_…` when forwarding). */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Only to point the SDK elsewhere, such as the tests' local fake (http://127.0.0.1:12111). */
  STRIPE_API_URL: z.preprocess(blankIsUnset, z.url().optional()),

  /** The external community chat the menu links to; the menu leaves the entry out when unset. */
  COMMUNITY_URL: z.preprocess(blankIsUnset, z.url().optional()),

  // Mail: SMTP when set; otherwise each message is written to MAIL_DIR.
  SMTP_URL: optional,
  /** A vendor vital-signs SDK (lib/scans/vendor-sdk.ts): its script's URL and licence key; unset, the built-in engine measures. */
  VITALS_SDK_URL: z.preprocess(blankIsUnset, z.url().optional()),
  VITALS_SDK_LICENSE: optional,
  MAIL_FROM: z.preprocess(blankIsUnset, z.string().default('Vitality <no-reply@vitality.local>')),
  MAIL_DIR: z.preprocess(blankIsUnset, z.string().default('.data/mail')),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    // Names only: values may be secrets.
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid environment variables: ${fields}`);
  }
  return parsed.data;
}

export const env = load();
