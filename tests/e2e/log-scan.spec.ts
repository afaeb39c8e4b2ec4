// After every other project: what the e2e servers and job processes logged over the whole run must hold no
// password, e-mail address, token, health value or file name that the run used. The values are
// those the specs typed and uploaded, the secrets the servers were started with, and what the run left in
// the databases and the mail folder: every member's address and session, every link's token.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';
import { E2E_DATABASE_URL, E2E_LOG_DIR, E2E_MAIL_DIR } from './support/database';
import { demoStatePath } from './support/demo-state';
import { PASSWORD } from './support/fixtures';
import { E2E_OPENAI_KEY, E2E_TOKEN_KEY, E2E_WHOOP_CLIENT } from './support/openai';
import { E2E_SECURITY_DATABASE_URL } from './support/security-server';
import { E2E_BILLING_DATABASE_URL, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET } from './support/stripe';
import { openUnder } from '../support/sealed-tokens';
import { tokenKeyBytes } from '@/lib/config/variables.js';

// Typed into the pages by the specs: passwords, free texts about a member's health and life, an address.
const TYPED = [
  PASSWORD,
  DEMO_PASSWORD,
  'Another-start-2026',
  'not-my-password',
  'Lose 14 kg and sleep through the night.',
  'Traffic was terrible again',
  'Morning light, creatine',
  '10 Downing Street',
  'Nether Wallop Parva',
  'SW1A 2AA',
];
// Uploaded by the specs (lab reports, a scan, a history export).
const FILE_NAMES = ['Clinic bloods.pdf', 'March bloods.pdf', 'Quest scan.png', 'Scan from the clinic.pdf', 'report.pdf', 'export.zip'];
// What the servers were started with (playwright.config.ts).
const SECRETS = [E2E_TOKEN_KEY, E2E_OPENAI_KEY, E2E_WHOOP_CLIENT.clientSecret, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET, 'e2e-secret-e2e-secret-e2e-secret-e2e'];
// The figures the specs typed (weights, heights, a cuff reading), looked for as numbers in a line's text.
const TYPED_FIGURES = ['176.4', '86.5', '88.2', '88.4'];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/;
// The fake wearables' tokens and codes (tests/fakes/wearable-oauth-peer.ts).
const WEARABLE_TOKEN = /(whoop|oura|withings)-(access|refresh|code)-[0-9a-f]{8,}/;
// A session cookie's value is 32 random bytes in hex, and the sessions table keeps its SHA-256, also 64 hex
// digits: the table no longer holds the values to look for, so no such string may be logged at all.
const SESSION_VALUE = /(^|[^0-9a-f])[0-9a-f]{64}($|[^0-9a-f])/;

type Line = { file: string; text: string };

function logLines(): Line[] {
  return readdirSync(E2E_LOG_DIR)
    .filter((name) => name.endsWith('.log'))
    .flatMap((name) =>
      readFileSync(path.join(E2E_LOG_DIR, name), 'utf8')
        .split('\n')
        .filter((text) => text.trim())
        .map((text) => ({ file: name, text })),
    );
}

/**
 * The part of a line that could carry a value: a JSON line without the fields the logger itself writes
 * as numbers (its time, process id, status and duration), which would otherwise match a typed figure.
 */
function content(text: string): string {
  try {
    const fields = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['time', 'pid', 'status', 'durationMs']) delete fields[key];
    return JSON.stringify(fields);
  } catch {
    return text;
  }
}

async function rows(url: string, sql: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ value: string }>(sql)).rows.map((row) => row.value);
  } finally {
    await client.end();
  }
}

/** The tokens in the links of every mail the run sent (password resets, verifications, unsubscribes). */
function mailTokens(): string[] {
  const tokens: string[] = [];
  for (const dir of [E2E_MAIL_DIR, `${E2E_MAIL_DIR}-billing`, `${E2E_MAIL_DIR}-security`]) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const { text } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { text: string };
      for (const link of text.match(/https?:\/\/\S+/g) ?? []) {
        const url = new URL(link);
        for (const part of [...url.pathname.split('/'), ...url.searchParams.values()]) if (part.length >= 20) tokens.push(part);
      }
    }
  }
  return tokens;
}

test('the servers logged the run as JSON, one line per answer, and no sensitive value', async () => {
  const lines = logLines();
  // The scan is not vacuous: the main server logged the run's thousands of answers, each with an id.
  const server = lines.filter((line) => line.file.startsWith('server-'));
  const answers = server.filter((line) => line.text.includes('"msg":"request"'));
  expect(answers.length).toBeGreaterThan(1000);
  // Every line parses as JSON: one expect over all of them (an expect per line cost Playwright about 10 s
  // of its own bookkeeping for the run's 6,000 lines).
  const notJson = server.filter((line) => {
    try {
      JSON.parse(line.text);
      return false;
    } catch {
      return true;
    }
  });
  expect(notJson.map((line) => `${line.file}: ${line.text}`)).toEqual([]);
  expect(answers.every((line) => /"requestId":"[^"]+"/.test(line.text) && /"route":"[^"]+"/.test(line.text))).toBe(true);
  expect(answers.some((line) => /"member":"[0-9a-f]{16}"/.test(line.text))).toBe(true);
  expect(server.some((line) => line.text.includes('"msg":"job"'))).toBe(true);

  const [emails, sessions, billingEmails, billingSessions, securityEmails, securitySessions, totpRows] = await Promise.all([
    rows(E2E_DATABASE_URL, 'SELECT email AS value FROM users'),
    rows(E2E_DATABASE_URL, 'SELECT "tokenHash" AS value FROM sessions'),
    rows(E2E_BILLING_DATABASE_URL, 'SELECT email AS value FROM users'),
    rows(E2E_BILLING_DATABASE_URL, 'SELECT "tokenHash" AS value FROM sessions'),
    rows(E2E_SECURITY_DATABASE_URL, 'SELECT email AS value FROM users'),
    rows(E2E_SECURITY_DATABASE_URL, 'SELECT "tokenHash" AS value FROM sessions'),
    rows(E2E_SECURITY_DATABASE_URL, `SELECT "userId" || ' ' || secret AS value FROM totp_factors`),
  ]);
  expect(emails.length).toBeGreaterThan(50);
  // The authenticator apps' shared secrets, opened as the server opens them (sealed under the run's key for "<userId>:totp").
  const totpSecrets = totpRows.map((row) => {
    const [userId, sealed] = row.split(' ');
    return openUnder(tokenKeyBytes(E2E_TOKEN_KEY)!, sealed!, `${userId}:totp`);
  });
  expect(totpSecrets.length).toBeGreaterThan(0);
  // The demo's signed-in cookies, as the setup project saved them: real session values the servers saw on every request.
  const demoCookies = readdirSync(path.dirname(demoStatePath(0)))
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => (JSON.parse(readFileSync(path.join(path.dirname(demoStatePath(0)), name), 'utf8')) as { cookies: { value: string }[] }).cookies.map((cookie) => cookie.value))
    .filter((value) => value.length >= 32);
  expect(demoCookies.length).toBeGreaterThan(0);
  const values = [...TYPED, ...FILE_NAMES, ...SECRETS, DEMO_EMAIL, ...emails, ...billingEmails, ...securityEmails, ...sessions, ...billingSessions, ...securitySessions, ...demoCookies, ...totpSecrets, ...mailTokens()];

  const found: string[] = [];
  for (const line of lines) {
    const text = content(line.text);
    const value = values.find((v) => text.includes(v)) ?? text.match(EMAIL)?.[0] ?? text.match(WEARABLE_TOKEN)?.[0] ?? text.match(SESSION_VALUE)?.[0] ?? TYPED_FIGURES.find((figure) => new RegExp(`(^|[^\\d.])${figure.replace('.', '\\.')}($|[^\\d])`).test(text));
    if (value) found.push(`${line.file}: "${value}" in ${line.text.slice(0, 300)}`);
  }
  expect(found).toEqual([]);
});
