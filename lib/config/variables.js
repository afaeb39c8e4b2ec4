// @ts-check
// Every environment variable the app, the proxy, server.mjs and the scripts read, declared once: its zod
// type, its default and a line on what it does. ./env.js reads them; docs/configuration.md is generated
// from this file (`npm run docs:config`). JavaScript (an ES module, by package.json's "type"), so that
// server.mjs, which node runs as it is, imports it too; `@ts-check` has tsc hold it to its JSDoc types.
import { z } from 'zod';

/** The integrations, in the order docs/configuration.md lists them, each with a line said under its heading. */
export const GROUPS = {
  core: { title: 'Core and database', note: 'The app itself and its PostgreSQL database.' },
  links: { title: 'Pages and links', note: 'Where the legal and community links go.' },
  auth: { title: 'Accounts and sessions', note: 'next-auth serves the session; sign-in goes through the app’s own calls.' },
  google: { title: 'Sign in with Google', note: 'The browser’s token client; the server checks the token with Google.' },
  apple: { title: 'Sign in with Apple', note: 'The server verifies the id_token against Apple’s keys.' },
  stripe: { title: 'Billing (Stripe)', note: 'Off without a secret key: the dashboard then opens without a subscription.' },
  openai: { title: 'OpenAI', note: 'Voice input (transcription) and the model that phrases generated texts; off without a key.' },
  wearables: { title: 'Wearables', note: 'Each provider is available once its OAuth client is configured.' },
  vitals: { title: 'Vital-signs scan', note: 'The built-in camera engine measures unless a vendor SDK is configured.' },
  mail: { title: 'Mail', note: 'SMTP when set; otherwise each message is written to MAIL_DIR.' },
  reminders: {
    title: 'Reminders',
    note: 'No variables of their own: the background jobs (JOBS) send them by Mail, with links to APP_URL and unsubscribe tokens signed with NEXTAUTH_SECRET.',
  },
  labs: { title: 'Blood-test reports', note: 'Uploaded reports: how long reading one may take, and at what priority.' },
  storage: {
    title: 'File storage',
    note: 'Uploaded blood-test reports and history-import files: on local disk under UPLOADS_DIR, or in an S3-compatible bucket when S3_BUCKET is set (see operations.md).',
  },
  jobs: { title: 'Background jobs', note: 'pg-boss beside the app (scripts/jobs.ts, started by `npm run dev` and `npm start`).' },
  server: { title: 'HTTP server and proxy', note: 'server.mjs, the Node server `npm start` runs, and what each of its processes keeps.' },
  embedded: { title: 'Embedded database', note: 'PGlite, started by `npm run dev` / `npm start` when DATABASE_URL is unset.' },
  dev: { title: 'Development and tests', note: 'Build tooling, and the knobs of the test and benchmark harnesses (read by the file named, never by the app).' },
};

/** @typedef {keyof typeof GROUPS} Group */

// Empty strings count as unset, so `FOO=` in a .env file turns an integration off.
const blankIsUnset = (/** @type {unknown} */ value) => (value === '' ? undefined : value);
const numberOr = (/** @type {number} */ fallback) => (/** @type {unknown} */ value) => (value === '' || value === undefined ? fallback : Number(value));

const optionalText = () => ({ type: 'text', schema: z.preprocess(blankIsUnset, z.string().optional()) });
const text = (/** @type {string} */ fallback) => ({ type: 'text', default: fallback, schema: z.preprocess(blankIsUnset, z.string().default(fallback)) });
const optionalUrl = () => ({ type: 'URL', schema: z.preprocess(blankIsUnset, z.url().optional()) });
const url = (/** @type {string} */ fallback) => ({ type: 'URL', default: fallback, schema: z.preprocess(blankIsUnset, z.url().default(fallback)) });

/** A whole number from `min` up (to `max` when given); blank or unset is `fallback`. */
const wholeNumber = (/** @type {number} */ fallback, min = 1, max = Number.MAX_SAFE_INTEGER) => ({
  type: max === Number.MAX_SAFE_INTEGER ? `whole number ≥ ${min}` : `whole number ${min}–${max}`,
  default: String(fallback),
  schema: z.preprocess(numberOr(fallback), z.number().int().min(min).max(max)),
});

const port = (/** @type {number} */ fallback) => ({
  type: 'port (0–65535)',
  default: String(fallback),
  schema: z.preprocess(numberOr(fallback), z.number().int().min(0).max(65535)),
});

/** server.mjs's counts: one or two digits, white space around them ignored, blank meaning `fallback`. */
const count = (/** @type {number} */ fallback, /** @type {number} */ min) => ({
  type: `whole number ${min}–99`,
  default: String(fallback),
  schema: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().regex(/^\d{1,2}$/).transform(Number).pipe(z.number().min(min)).default(fallback),
  ),
});

/**
 * A token key's 32 bytes from hex, base64 or base64url; null when the text is not one. The one rule for
 * what a key is: the schema below refuses what it refuses, and lib/security/token-cipher.ts seals with it.
 * @param {string} raw
 * @returns {Buffer | null}
 */
export function tokenKeyBytes(raw) {
  const text = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  return bytes.length === 32 ? bytes : null;
}

/** Token keys, comma-separated (white space around each ignored): every one must be a key, or all are refused. */
const tokenKeyList = () => ({
  type: 'keys, comma-separated',
  schema: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((text) => text.split(',').map((key) => key.trim()))
      .refine((keys) => keys.every((key) => tokenKeyBytes(key) !== null))
      .optional(),
  ),
});

const quoted = (/** @type {readonly string[]} */ values) => values.map((value) => `\`${value}\``).join(' or ');

/**
 * @template {string} const T
 * @param {readonly [T, ...T[]]} values
 */
const optionalChoice = (values) => ({ type: quoted(values), schema: z.preprocess(blankIsUnset, z.enum(values).optional()) });

/**
 * @template {string} const T
 * @param {readonly [T, ...T[]]} values
 * @param {T} fallback
 */
const choice = (values, fallback) => ({ type: quoted(values), default: fallback, schema: z.preprocess(blankIsUnset, z.enum(values).default(fallback)) });

/**
 * @template {z.ZodType} S
 * @param {Group} group
 * @param {{ type: string, schema: S, default?: string }} kind
 * @param {string} description one line: what the variable does
 * @param {{ unset?: string, hint?: string, orElse?: string }} [more] unset: what leaving it unset means, where
 *   there is no default; hint: said after the name when a value is refused; orElse: the variable read in its place when it is unset
 */
function variable(group, kind, description, more = {}) {
  return { group, description, type: kind.type, schema: kind.schema, default: kind.default, unset: more.unset, hint: more.hint, orElse: more.orElse };
}

export const VARIABLES = {
  NODE_ENV: variable('core', choice(['development', 'production', 'test'], 'development'), 'the mode: `next dev` sets development, `next build` production (the app’s bundles keep the build’s)'),
  DATABASE_URL: variable('core', optionalText(), 'PostgreSQL connection string', { unset: 'the embedded database, which `npm run dev` / `npm start` start and set this to' }),
  DATABASE_POOL_SIZE: variable('core', wholeNumber(10), 'connections in each server process’s pool (1 on the embedded database)'),
  DATABASE_CONNECT_TIMEOUT_MS: variable('core', wholeNumber(5000), 'milliseconds a query or a transaction waits for a database connection; past it the call answers 503 “We’re busy for a moment. Please try again.” with `Retry-After: 2`'),
  MIGRATION_LOCK_TIMEOUT_MS: variable('core', wholeNumber(60_000), 'milliseconds a migration waits for a concurrent one before failing with a message'),
  SEED_DEMO: variable('core', optionalChoice(['0', '1']), '`1`: `npm start` creates the demo user too; `0`: `npm run dev` doesn’t', { unset: 'only `npm run dev` on the embedded database seeds' }),
  APP_URL: variable('core', url('http://localhost:3000'), 'public base URL for links in e-mails and OAuth redirects; `https://` turns on secure cookies and HSTS'),

  TERMS_URL: variable('links', optionalUrl(), 'where the Terms and Conditions links go', { unset: 'the app’s own /terms' }),
  PRIVACY_URL: variable('links', optionalUrl(), 'where the Privacy Policy links go', { unset: 'the app’s own /privacy' }),
  LEGAL_URL: variable('links', optionalUrl(), 'Settings → Legal: the provider’s privacy and cookie policy, opened in a new tab', { unset: 'PRIVACY_URL, then /privacy' }),
  COMMUNITY_URL: variable('links', optionalUrl(), 'the external community chat the header menu links to', { unset: 'no menu entry' }),

  NEXTAUTH_SECRET: variable('auth', { type: 'text, 32+ characters', schema: z.preprocess(blankIsUnset, z.string().min(32).optional()) }, 'next-auth’s secret; it also signs device cookies and unsubscribe links', {
    orElse: 'AUTH_SECRET',
    unset: 'AUTH_SECRET; else `npm run dev` / `npm start` keep one in .data/auth-secret, except that `npm start` with DATABASE_URL set refuses to start without it',
  }),
  AUTH_SECRET: variable('auth', optionalText(), 'read in place of NEXTAUTH_SECRET when that is unset (the name newer Auth.js versions use)'),
  NEXTAUTH_URL: variable('auth', optionalUrl(), 'the origin next-auth itself builds its URLs from (read by next-auth, not by the app)', { unset: 'APP_URL (lib/auth/next-auth.ts hands it to next-auth)' }),

  GOOGLE_CLIENT_ID: variable('google', optionalText(), 'OAuth client id of a "Web application" client: Sign in with Google (popup token flow)', { unset: 'no Google button; /authorize/google answers 404' }),
  GOOGLE_API_BASE_URL: variable('google', url('https://www.googleapis.com'), 'where the server checks Google tokens (tokeninfo, userinfo); tests point it at a local fake'),

  APPLE_CLIENT_ID: variable('apple', optionalText(), 'Services ID: Sign in with Apple (return URL APP_URL/authorize/apple/service)', { unset: 'no Apple button; /authorize/apple answers 404' }),
  APPLE_JWKS_URL: variable('apple', url('https://appleid.apple.com/auth/keys'), 'Apple’s public keys, to verify the id_token; tests point it at a local fake'),

  STRIPE_SECRET_KEY: variable('stripe', optionalText(), 'Stripe’s secret key; with it, the dashboard needs a trialing, active or past-due subscription', { unset: 'billing off; the billing calls answer 503' }),
  STRIPE_PRICE_ID: variable('stripe', optionalText(), 'the recurring price a checkout subscribes to (30-day trial)'),
  STRIPE_WEBHOOK_SECRET: variable('stripe', optionalText(), 'signs the webhooks Stripe sends to APP_URL/api/webhooks/stripe (the CLI’s `whsec_…` when forwarding)'),
  STRIPE_API_URL: variable('stripe', optionalUrl(), 'only to point the SDK elsewhere, such as the tests’ local fake', { unset: 'Stripe’s own' }),

  OPENAI_API_KEY: variable('openai', optionalText(), 'transcribes the goals step’s voice input, lets a model phrase the dashboard’s generated texts, and has a model read each blood-test report beside the built-in reader (a result it adds is kept only when its number, unit and name stand on one row of the report’s own text)', {
    unset: 'voice input off (POST /api/transcribe answers 503); the built-in engine writes the texts',
  }),
  OPENAI_BASE_URL: variable('openai', optionalText(), 'the API’s base URL, ending in /v1 (a compatible server, or the tests’ local fake)', { unset: 'the SDK’s own, https://api.openai.com/v1' }),
  OPENAI_TRANSCRIBE_MODEL: variable('openai', text('gpt-4o-mini-transcribe'), 'the transcription model'),
  OPENAI_MODEL: variable('openai', text('gpt-4o-mini'), 'the chat model that phrases generated texts (daily actions, titles, advice, alerts, trends) and leads the reflection chat'),

  TOKEN_ENCRYPTION_KEY: variable('wearables', optionalText(), '32 bytes (base64 or hex, e.g. `openssl rand -base64 32`) that seal wearable tokens at rest (AES-256-GCM)', {
    unset: 'on the embedded database or in development, one kept in .data/token-key; on a server database, none: wearables cannot be connected',
  }),
  TOKEN_ENCRYPTION_KEY_PREVIOUS: variable('wearables', tokenKeyList(), 'earlier TOKEN_ENCRYPTION_KEYs, while rotating: tokens sealed under them still open, but only the current key seals; `npm run tokens:rotate` re-seals them, after which these can go (docs/security.md)', {
    unset: 'only TOKEN_ENCRYPTION_KEY opens tokens',
    hint: 'comma-separated keys of 32 bytes each, base64 or hex',
  }),
  WHOOP_BASE_URL: variable('wearables', url('https://api.prod.whoop.com'), 'where Whoop is reached; tests point it at a local fake'),
  OURA_AUTH_BASE_URL: variable('wearables', url('https://cloud.ouraring.com'), 'where Oura’s sign-in is reached'),
  OURA_API_BASE_URL: variable('wearables', url('https://api.ouraring.com'), 'where Oura’s API is reached'),
  WITHINGS_AUTH_BASE_URL: variable('wearables', url('https://account.withings.com'), 'where Withings’ sign-in is reached'),
  WITHINGS_API_BASE_URL: variable('wearables', url('https://wbsapi.withings.net'), 'where Withings’ API is reached'),
  WHOOP_CLIENT_ID: variable('wearables', optionalText(), 'Whoop OAuth client id', { unset: 'Whoop unavailable' }),
  WHOOP_CLIENT_SECRET: variable('wearables', optionalText(), 'Whoop OAuth client secret', { unset: 'Whoop unavailable' }),
  OURA_CLIENT_ID: variable('wearables', optionalText(), 'Oura OAuth client id', { unset: 'Oura unavailable' }),
  OURA_CLIENT_SECRET: variable('wearables', optionalText(), 'Oura OAuth client secret', { unset: 'Oura unavailable' }),
  WITHINGS_CLIENT_ID: variable('wearables', optionalText(), 'Withings OAuth client id', { unset: 'Withings unavailable' }),
  WITHINGS_CLIENT_SECRET: variable('wearables', optionalText(), 'Withings OAuth client secret', { unset: 'Withings unavailable' }),

  IOS_APP_URL: variable('wearables', optionalUrl(), 'where members get the Vitality iOS app, which sends Apple Health data with a device token made on My devices', {
    unset: 'My devices says the iPhone app is not out yet and offers no device tokens; the import of an Apple Health export stays',
  }),

  VITALS_SDK_URL: variable('vitals', optionalUrl(), 'a vendor vital-signs SDK’s adapter script, which sets `window.VitalsVendorSdk` (needs VITALS_SDK_LICENSE too)', { unset: 'the built-in camera engine measures' }),
  VITALS_SDK_LICENSE: variable('vitals', optionalText(), 'the vendor SDK’s licence key; a refused licence shows ‘{vendor} license error: {code}’', { unset: 'the built-in camera engine measures' }),

  SMTP_URL: variable('mail', optionalText(), 'outgoing mail (password resets, reminders): smtp(s)://user:pass@host:port', { unset: 'each message is written to MAIL_DIR' }),
  MAIL_FROM: variable('mail', text('Vitality <no-reply@vitality.local>'), 'the sender address'),
  MAIL_DIR: variable('mail', text('.data/mail'), 'without SMTP, each message is a JSON file here; /dev/mail lists them in development'),

  KIT_ORDERS_EMAIL: variable('mail', optionalText(), 'where track one’s blood testing kit orders are e-mailed (name and postal address), for the kit team to post', { unset: 'orders are kept as waiting and the member is told the kit is not on its way yet' }),

  LAB_PDF_READ_TIMEOUT_MS: variable('labs', wholeNumber(10_000), 'milliseconds an uploaded PDF’s text may take to read (in a child process) before the reader is stopped and the member types the values in'),
  LAB_OCR_QUEUE_MAX: variable('labs', wholeNumber(40, 1), 'how many scanned or photographed reports may wait for OCR at once, all members together (each member at most 3): past it an upload is refused (503, “try again in a few minutes”) rather than kept waiting for long'),
  LAB_READER_NICENESS: variable('labs', wholeNumber(19, 0, 19), 'the scheduling niceness of the child processes that read an uploaded report (its PDF text, or OCR): 19, the lowest priority, lets the web server’s requests come first; 0 shares the CPU evenly with them (the test runs, where every busy process is a test’s and a reader at 19 would wait out its time limit)'),

  UPLOADS_DIR: variable('storage', text('.data/uploads'), 'without S3_BUCKET, where uploaded blood-test reports (and, under imports/, history-import files) are kept: outside public/, each under a random name, served only to its owner'),
  UPLOADS_MIN_FREE_MB: variable('storage', wholeNumber(1024, 0), 'without S3_BUCKET, the free space (MB) UPLOADS_DIR’s disk keeps: below it an upload is refused (507, “our storage is nearly full”) before a byte is written, and one on its way is stopped and removed; 0 turns the check off'),
  UPLOADS_MAX_KEPT_MB: variable('storage', wholeNumber(8192, 1), 'the most (MB) one member’s files may take at once: history-import files waiting to be read or confirmed, and separately, blood-test reports kept (an upload past it is refused with what to remove)'),
  S3_BUCKET: variable('storage', optionalText(), 'the S3 (or S3-compatible) bucket that holds uploaded reports and history-import files instead of UPLOADS_DIR', {
    unset: 'local disk, under UPLOADS_DIR',
  }),
  S3_ENDPOINT: variable('storage', optionalUrl(), 'an S3-compatible service’s endpoint (MinIO, Cloudflare R2, Ceph…)', { unset: 'AWS S3 in S3_REGION' }),
  S3_REGION: variable('storage', text('us-east-1'), 'the bucket’s region (`auto` for R2)'),
  S3_ACCESS_KEY_ID: variable('storage', optionalText(), 'access key id for the bucket, set together with S3_SECRET_ACCESS_KEY', {
    unset: 'the AWS SDK’s default credentials (AWS_* variables, shared config files, an instance or task role)',
  }),
  S3_SECRET_ACCESS_KEY: variable('storage', optionalText(), 'secret access key for the bucket (a secret: never logged), set together with S3_ACCESS_KEY_ID', {
    unset: 'the AWS SDK’s default credentials',
  }),
  S3_FORCE_PATH_STYLE: variable('storage', choice(['true', 'false'], 'false'), '`true`: address the bucket as ENDPOINT/BUCKET/KEY rather than BUCKET.ENDPOINT/KEY (MinIO and most self-hosted stores need it)'),
  S3_PREFIX: variable(
    'storage',
    { type: 'text ending in /', schema: z.preprocess(blankIsUnset, z.string().regex(/^[^/\s][^\s]*\/$/).optional()) },
    'a folder inside the bucket for the app’s files, such as `vitality/` (reports directly under it, import files under imports/)',
    { unset: 'the bucket’s top level', hint: 'a key prefix ending in /, such as vitality/' },
  ),

  JOBS: variable('jobs', optionalChoice(['on', 'off']), '`off`: `npm run dev` / `npm start` run no background jobs, so no reminder e-mails and no wearable polling', { unset: 'on' }),
  JOBS_SHUTDOWN_GRACE_MS: variable('jobs', wholeNumber(20_000, 1_000, 600_000), 'on SIGTERM, how long (ms) the jobs process lets the work in hand finish (a report being read, an import) before it hands it back to the queue, where a blood-test reading is taken up again after the restart, and exits'),
  JOBS_SCHEDULE: variable('jobs', optionalChoice(['on', 'off']), '`off`: the jobs process runs queued work (wearable syncs, account cleanup) without its schedules (the e2e server)', { unset: 'on' }),

  PORT: variable('server', port(3000), 'the port server.mjs listens on, unless `-p` / `--port` says otherwise'),
  TRUSTED_PROXY_COUNT: variable('server', count(0, 0), 'reverse proxies in front of the app: the client’s address is the X-Forwarded-For hop the nearest one added', {
    hint: 'a whole number of proxies, 0 when none',
  }),
  WEB_CONCURRENCY: variable('server', count(1, 1), 'server processes sharing the port (node:cluster); the number of cores in production; `npm run dev` always runs one', {
    hint: 'a whole number of server processes, 1 or more',
  }),
  SHUTDOWN_GRACE_MS: variable('server', wholeNumber(10_000, 0, 600_000), 'on SIGTERM, how long (ms) a server process lets requests in flight finish after it stops taking new connections, before it closes what is left and exits'),
  LOG_LEVEL: variable('server', choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'), 'the least severe JSON log line written (pino): `info` gives one line per request and per job'),
  METRICS_TOKEN: variable('server', { type: 'text, 24+ characters', schema: z.preprocess(blankIsUnset, z.string().min(24).optional()) }, 'the bearer token Prometheus sends to read /metrics (`Authorization: Bearer …`)', {
    unset: '/metrics refuses every request (403)',
  }),
  ANSWER_CACHE_SIZE: variable('server', wholeNumber(2000, 0, 1_000_000), 'dashboard answers each server process keeps, keyed by the user’s data version; 0 turns the cache off'),

  EMBEDDED_DB_DIR: variable('embedded', text('.data/pglite'), 'the embedded database’s files'),
  EMBEDDED_DB_PORT: variable('embedded', port(54329), 'the embedded database’s preferred port on 127.0.0.1 (another is picked when it is taken)'),

  PRISMA_SCHEMA_ENGINE_BINARY: variable('dev', optionalText(), 'Prisma’s schema-engine binary, for `npm run db:generate`', { unset: 'a placeholder file, since generate never runs the engine and it cannot be downloaded here' }),
};

/** @typedef {typeof VARIABLES} Variables */
/** @typedef {keyof Variables} VariableName */

/** Every declared name, in declaration order (the order a refusal lists them in). */
export const VARIABLE_NAMES = /** @type {VariableName[]} */ (Object.keys(VARIABLES));

/**
 * @param {string} type
 * @param {string} fallback
 * @param {string} description
 * @param {string} readBy the file that reads it
 */
const harness = (type, fallback, description, readBy) => ({ group: /** @type {const} */ ('dev'), type, default: fallback, description, readBy });

/**
 * Read by the test and benchmark harnesses (tests/, bench/ and the runners' configs), never by the app:
 * documented here beside the rest, parsed where they are read.
 */
export const HARNESS_VARIABLES = {
  JEST_WORKERS: harness('whole number', '3', 'Jest’s worker count', 'jest.config.mjs'),
  TEST_ADMIN_DATABASE_URL: harness('URL', 'postgresql://postgres@127.0.0.1:5432/postgres', 'where the integration tests create their databases', 'tests/setup/test-database.js'),
  E2E_PORT: harness('port', '3100', 'the end-to-end server’s port (its billing server listens on E2E_PORT + 2)', 'playwright.config.ts'),
  E2E_DATABASE_URL: harness('URL', 'postgresql://postgres@127.0.0.1:5432/vt_e2e', 'the end-to-end server’s database (recreated each run)', 'tests/e2e/support/database.ts'),
  E2E_BILLING_DATABASE_URL: harness('URL', 'postgresql://postgres@127.0.0.1:5432/vt_e2e_billing', 'the e2e billing server’s database (recreated each run)', 'tests/e2e/support/stripe.ts'),
  E2E_OPENAI_PORT: harness('port', 'E2E_PORT + 99', 'the fake OpenAI peer the e2e voice test starts', 'tests/e2e/support/openai.ts'),
  E2E_WHOOP_PORT: harness('port', 'E2E_PORT + 97', 'the fake Whoop the e2e devices test starts', 'tests/e2e/support/openai.ts'),
  E2E_STRIPE_PORT: harness('port', 'E2E_PORT + 98', 'the fake Stripe the e2e billing test starts', 'tests/e2e/support/stripe.ts'),
  E2E_WORKERS: harness('whole number', '1', 'Playwright’s workers for the page tests (project server-db); one more runs the camera scan and billing beside them, and each has its own demo session', 'tests/e2e/support/demo-state.ts'),
  CHROMIUM_PATH: harness('path', '/usr/bin/chromium-headless-shell', 'the browser the end-to-end tests drive (Debian’s chromium-headless-shell; the benchmarks default to /usr/bin/chromium)', 'tests/e2e/support/chromium.ts'),
  CI: harness('any', 'unset', 'set: Playwright reports one line a test', 'playwright.config.ts'),
  BENCH_ADMIN_DATABASE_URL: harness('URL', 'postgresql://postgres@127.0.0.1:5432/postgres', 'where the benchmarks create their databases', 'bench/server-database.ts'),
  BENCH_PORT: harness('port', '3290', 'the bundle benchmark’s server port', 'bench/bundle.ts'),
  BENCH_DB_PORT: harness('port', '54490', 'the bundle benchmark’s embedded database port', 'bench/bundle.ts'),
};
