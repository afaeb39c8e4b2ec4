// What a member reads equals what their own export holds, with its source (the consistency walk).
// In Chromium, for the demo member and for a generated one: the archive comes from Settings' "Download my
// data" link, and the dashboard, the profile form, /my_actions and /insights are read as a member sees
// them. Every expected figure is worked out here from the archive's CSV and profile.json, with plain
// arithmetic and none of the app's modules.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_PASSWORD } from '@/lib/demo/account';
import { query } from './support/database';
import { expect, PASSWORD, test } from './support/fixtures';
import { confirmWithPasswordIfAsked } from './support/step-up';
import { budget } from '../setup/machine-speed.js';

// Insights reads its trends once it knows where the member is (SPEC §8).
test.use({ viewport: { width: 1440, height: 900 }, permissions: ['geolocation'], geolocation: { latitude: 51.5072, longitude: -0.1276 } });

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The `count` days ending `endAgo` days before today, oldest first. */
const days = (endAgo: number, count: number) => Array.from({ length: count }, (_, i) => isoDay(Date.now() - (endAgo + count - 1 - i) * DAY_MS));
const grouped = (n: number) => n.toLocaleString('en-GB');

type Row = Readonly<Record<string, string>>;
/** A column's value ('' when the row has none). */
const col = (row: Row, name: string): string => row[name] ?? '';

/** A CSV as objects keyed by its header (quoted fields with commas and doubled quotes read back whole). */
function parse(text: string): Row[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') [field, i] = [field + '"', i + 1];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') [row, field] = [[...row, field], ''];
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      rows.push([...row, field]);
      [row, field] = [[], ''];
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...body] = rows;
  return body.filter((r) => r.length === header!.length).map((r) => Object.fromEntries(header!.map((column, i) => [column, r[i]!])));
}

/** Downloads the member's archive through Settings, as they would. */
async function downloadExport(page: Page, password: string) {
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  await confirmWithPasswordIfAsked(page, password, downloading);
  const archive = unzipSync(readFileSync((await (await downloading).path())!));
  const text = (name: string) => strFromU8(archive[name]!);
  return {
    profile: JSON.parse(text('profile.json')) as { current_weight_kg: number; current_weight_source: string; current_weight_measured_on: string | null },
    metrics: parse(text('daily_metrics.csv')),
    labs: parse(text('lab_results.csv')),
  };
}

async function expectScreensToMatchExport(page: Page, password: string) {
  const { profile, metrics, labs } = await downloadExport(page, password);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const steps = (list: string[]) => list.flatMap((day) => metrics.filter((row) => col(row, 'day') === day && col(row, 'steps') !== '').map((row) => Number(col(row, 'steps'))));
  // This week's six full days (the chart's seven without today's, still growing) and the 7 before.
  const weekSteps = Math.round(mean(steps(days(1, 6))));
  const lastWeekSteps = Math.round(mean(steps(days(7, 7))));
  const stepSources = new Set(days(1, 6).flatMap((day) => metrics.filter((row) => col(row, 'day') === day && col(row, 'steps') !== '').map((row) => col(row, 'source'))));
  const sourceName = profile.current_weight_source.charAt(0).toUpperCase() + profile.current_weight_source.slice(1);

  // The dashboard.
  await page.goto('/main_dashboard');
  await expect(page.getByTestId('body-figures')).toContainText(`${profile.current_weight_kg} kg`);
  await expect(page.getByTestId('weight-from')).toContainText(sourceName);
  await expect(page.getByTestId('steps-this-week')).toHaveText(grouped(weekSteps));
  await expect(page.getByTestId('steps-last-week')).toHaveText(grouped(lastWeekSteps));
  // …and says where they came from: every source of those days, by name.
  const names: Record<string, string> = { withings: 'Withings', apple_health: 'Apple Health', oura: 'Oura', whoop: 'Whoop', scan: 'your camera scan', manual: 'your own entries' };
  for (const source of stepSources) await expect(page.getByTestId('steps-from')).toContainText(names[source]!);
  // Blood pressure: the newest day with a device's full reading, under that device's name.
  const bp = metrics.filter((row) => col(row, 'systolic_bp_mmhg') !== '' && col(row, 'diastolic_bp_mmhg') !== '' && col(row, 'day') <= isoDay(Date.now())).sort((a, b) => col(b, 'day').localeCompare(col(a, 'day')))[0];
  if (bp && col(bp, 'source') !== 'manual') {
    await expect(page.getByTestId('blood-pressure')).toHaveText(`${col(bp, 'systolic_bp_mmhg')}/${col(bp, 'diastolic_bp_mmhg')}mmHg`);
    const device: Record<string, string> = { withings: 'Withings', apple_health: 'Apple Health', oura: 'Oura', whoop: 'Whoop' };
    await expect(page.getByRole('region', { name: 'Blood pressure' })).toContainText(`From your ${device[col(bp, 'source')]},`);
  }
  // T-Results: the latest total testosterone, in the member's units, as the export's value_shown gives it.
  const testosterone = labs.filter((row) => col(row, 'marker') === 'total_testosterone').sort((a, b) => col(a, 'taken_at').localeCompare(col(b, 'taken_at')));
  if (testosterone.length) {
    const latest = testosterone.at(-1)!;
    await expect(page.getByRole('region', { name: 'T-Results', exact: true })).toContainText(`Latest: ${Number(col(latest, 'value_shown'))} ${col(latest, 'unit_shown')}`);
  }

  // The profile form shows the same weight.
  await page.goto('/profile');
  await expect(page.getByLabel('Current weight (kg)')).toHaveValue(String(profile.current_weight_kg));

  // /my_actions: a "Why today" that quotes the weight quotes that one.
  await page.goto('/my_actions');
  await expect(page.getByText(/^Completed \d out of \d$/)).toBeVisible();
  for (const reason of await page.getByText(/^Why today: You weigh/).allTextContents()) expect(reason).toContain(`You weigh ${profile.current_weight_kg} kg`);

  // /insights: statements about the weeks' steps say the dashboard's numbers.
  await page.goto('/insights');
  const trends = page.getByTestId('trends');
  await expect(trends.or(page.getByText(/^No clear trends yet\./))).toBeVisible({ timeout: budget(15_000) });
  const statements = (await trends.count()) ? await trends.getByTestId('trend-text').allTextContents() : [];
  const captions = (await trends.count()) ? await trends.getByTestId('trend-from').allTextContents() : [];
  expect(captions).toHaveLength(statements.length);
  for (const [i, statement] of statements.entries()) {
    const week = /Steps averaged ([\d,]+) a day this week, .* than last week \(([\d,]+)\)/.exec(statement);
    if (week) expect([week[1], week[2]]).toEqual([grouped(weekSteps), grouped(lastWeekSteps)]);
    const though = /though this week’s ([\d,]+) a day is (?:below|above) last week’s ([\d,]+)/.exec(statement);
    if (though) expect([though[1], though[2]]).toEqual([grouped(weekSteps), grouped(lastWeekSteps)]);
    // Each statement says where its figures came from.
    expect(captions[i]).toMatch(/^From .+\.$/);
    if (/^Steps /.test(statement)) for (const source of stepSources) expect(captions[i]).toContain(names[source]!);
  }
  return profile;
}

test.describe('the demo member', () => {
  test.use({ signedInAsDemo: true });

  test('every screen shows the figures of the member’s own export, with their sources', async ({ page }) => {
    test.slow();
    const profile = await expectScreensToMatchExport(page, DEMO_PASSWORD);
    // The demo's scale weighs every morning: the current weight is Withings', not the 95 kg typed at sign-up.
    expect(profile.current_weight_source).toBe('Withings');
  });
});

test('a generated member with a scale, a phone and a lab result: every screen shows the export’s figures', async ({ page, users }) => {
  test.slow();
  const { email } = await users.create({ onboarded: true });
  const [{ id }] = (await query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])) as [{ id: string }];
  // 30 days: a Withings scale (weight falling 0.1 kg a day, a cuff reading each morning), steps from Apple Health.
  await query(
    `INSERT INTO daily_metrics (id, "userId", day, source, "weightKg", "systolicBpMmhg", "diastolicBpMmhg", "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, $1, (now() AT TIME ZONE 'UTC')::date - n, 'withings', round((92 + n * 0.1)::numeric, 1), 120 + n % 5, 78 + n % 3, now(), now()
     FROM generate_series(0, 29) AS n`,
    [id],
  );
  await query(
    `INSERT INTO daily_metrics (id, "userId", day, source, steps, "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, $1, (now() AT TIME ZONE 'UTC')::date - n, 'apple_health', 6000 + (n * 733) % 4000, now(), now()
     FROM generate_series(0, 29) AS n`,
    [id],
  );
  await query(
    `INSERT INTO lab_results (id, "userId", marker, value, unit, "valueNgDl", "takenAt", "createdAt")
     VALUES (gen_random_uuid()::text, $1, 'total_testosterone', 472, 'ng/dL', 472, now() - interval '3 days', now())`,
    [id],
  );
  const profile = await expectScreensToMatchExport(page, PASSWORD);
  expect([profile.current_weight_kg, profile.current_weight_source]).toEqual([92, 'Withings']);
  // A member in the UK reads SI: 472 ng/dL ÷ 28.842 = 16.4 nmol/L on the dashboard.
  await page.goto('/main_dashboard');
  await expect(page.getByRole('region', { name: 'T-Results', exact: true })).toContainText('Latest: 16.4 nmol/L');
});
