// The main dashboard and /my_actions in Chromium. Every figure a card shows is computed here,
// independently, from the database rows (plain SQL and arithmetic, none of the app's modules).
import type { Page } from '@playwright/test';
import { DEMO_EMAIL } from '@/lib/demo/account';
import { levineInputs, levinePhenoAge } from './support/levine-phenoage';
import { query } from './support/database';
import { expectAccessible } from './support/page-checks';
import { expect, test } from './support/fixtures';

const LONDON = { latitude: 51.5072, longitude: -0.1276 };
test.use({ viewport: { width: 1440, height: 900 }, permissions: ['geolocation'], geolocation: LONDON });

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const todayMs = () => Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
/** The `count` days ending `endAgo` days before today, oldest first. */
const days = (endAgo: number, count: number) => Array.from({ length: count }, (_, i) => isoDay(todayMs() - (endAgo + count - 1 - i) * DAY_MS));
const mean = (values: (number | null)[]) => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
};
const grouped = (n: number) => n.toLocaleString('en-GB');

async function userId(email: string): Promise<string> {
  const [row] = await query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return row!.id;
}

// Which source a metric is read from when several report it (the product's stated rule).
const PRIORITY: Record<string, string[]> = {
  sleepScore: ['oura', 'whoop', 'whoop_export', 'apple_health', 'apple_health_export', 'withings', 'manual', 'scan'],
  steps: ['apple_health', 'apple_health_export', 'whoop', 'whoop_export', 'oura', 'withings', 'manual', 'scan'],
  vo2Max: ['apple_health', 'apple_health_export', 'whoop', 'whoop_export', 'oura', 'withings', 'manual', 'scan'],
  restingHeartRateBpm: ['oura', 'whoop', 'whoop_export', 'withings', 'apple_health', 'apple_health_export', 'scan', 'manual'],
  stressScore: ['oura', 'whoop', 'whoop_export', 'withings', 'apple_health', 'apple_health_export', 'scan', 'manual'],
  weightKg: ['withings', 'apple_health', 'apple_health_export', 'manual', 'scan', 'whoop', 'whoop_export', 'oura'],
};

/** One metric per day for `dayList`, from the most trusted source that has it. */
async function metric(id: string, column: keyof typeof PRIORITY, dayList: string[]): Promise<Map<string, number | null>> {
  const rows = await query<{ day: string; source: string; value: number | null }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, source::text AS source, "${column}"::float8 AS value FROM daily_metrics WHERE "userId" = $1 AND day = ANY($2::date[]) AND "${column}" IS NOT NULL`,
    [id, dayList],
  );
  const order = PRIORITY[column]!;
  return new Map(
    dayList.map((day) => {
      const best = rows.filter((r) => r.day === day).sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source))[0];
      return [day, best ? best.value : null];
    }),
  );
}

async function gotoDashboard(page: Page) {
  await page.goto('/main_dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

test.describe('the demo user’s dashboard', () => {
  test.use({ signedInAsDemo: true });

  test('every card shows the figures computed from the database rows, and the page is screenshotted', async ({ page }) => {
    test.slow();
    const id = await userId(DEMO_EMAIL);
    await gotoDashboard(page);
    const card = (name: string) => page.getByRole('region', { name, exact: true });

    // T-Score and the vitality card: today's stored score and its gauge label.
    const [set] = await query<{ id: string; vitality: number; summary: string }>('SELECT id, vitality, summary FROM daily_action_sets WHERE "userId" = $1 AND day = $2::date', [id, isoDay(Date.now())]);
    expect(set).toBeDefined();
    const label = set!.vitality < 0 ? 'Inconclusive' : set!.vitality < 33 ? 'Strained' : set!.vitality < 66 ? 'Developing' : 'Optimised';
    await expect(card('T-Score').getByTestId('gauge-label')).toHaveText(label);
    await expect(card('T-Score').getByRole('img', { name: `T-Score ${set!.vitality} out of 100: ${label}` })).toBeVisible();
    await expect(page.getByTestId('vitality-value')).toHaveText(String(set!.vitality));
    await expect(page.getByTestId('vitality-summary')).toHaveText(set!.summary);

    // T-Results: the latest lab total testosterone, in ng/dL.
    const labs = await query<{ raw: number }>(`SELECT round("valueNgDl")::int AS raw FROM lab_results WHERE "userId" = $1 AND marker = 'total_testosterone' ORDER BY "takenAt"`, [id]);
    await expect(card('T-Results')).toContainText(`Latest: ${labs.at(-1)!.raw} ng/dL`);
    // A chart draws once it nears the screen (components/charts/canvas-chart.tsx).
    await card('T-Results').scrollIntoViewIfNeeded();
    await expect(card('T-Results').getByRole('img', { name: /^Total testosterone:/ })).toHaveAttribute('aria-label', new RegExp(labs.map((l) => `${l.raw} ng/dL`).join('.*')));

    // Sleep score: last night's, dated today or else yesterday.
    const sleep = await metric(id, 'sleepScore', days(0, 2));
    const score = sleep.get(days(0, 1)[0]!) ?? sleep.get(days(1, 1)[0]!);
    await expect(page.getByTestId('sleep-score')).toHaveText(String(score));

    // Today's actions: the stored generated actions, none done yet for the screenshot's sake.
    const actions = await query<{ title: string }>(`SELECT title FROM daily_actions WHERE "setId" = $1 AND origin = 'generated' ORDER BY position`, [set!.id]);
    expect(actions).toHaveLength(4);
    for (const action of actions) await expect(card("Today's actions").getByText(action.title, { exact: true })).toBeVisible();

    // Your profile: the 14 fields a complete profile has.
    const [profile] = await query<{ filled: number }>(
      `SELECT (("firstName" IS NOT NULL)::int + ("lastName" IS NOT NULL)::int + ("dateOfBirth" IS NOT NULL)::int + (gender IS NOT NULL)::int
        + (country IS NOT NULL)::int + (city IS NOT NULL)::int + ("heightCm" IS NOT NULL)::int + ("currentWeightKg" IS NOT NULL)::int
        + ("desiredWeightKg" IS NOT NULL)::int + ("activityLevel" IS NOT NULL)::int + ("dietPattern" IS NOT NULL)::int
        + ("biohackingExperience" IS NOT NULL)::int + ("healthGoals" IS NOT NULL)::int + ("planPreference" IS NOT NULL)::int) AS filled
       FROM users WHERE id = $1`,
      [id],
    );
    await expect(page.getByTestId('profile-percent')).toHaveText(`${Math.round((100 * profile!.filled) / 14)}%`);

    // Activity: steps over this week's six full days and the 7 before, the calorie goal, VO2 max and cardio age.
    const thisWeek = days(1, 6);
    const lastWeek = days(7, 7);
    const steps = await metric(id, 'steps', [...lastWeek, ...thisWeek]);
    const stepsNow = Math.round(mean(thisWeek.map((d) => steps.get(d) ?? null))!);
    await expect(page.getByTestId('steps-this-week')).toHaveText(grouped(stepsNow));
    await expect(page.getByTestId('steps-last-week')).toHaveText(grouped(Math.round(mean(lastWeek.map((d) => steps.get(d) ?? null))!)));

    const month = days(0, 30);
    const weights = await metric(id, 'weightKg', month);
    const [user] = await query<{ heightCm: number; currentWeightKg: number; dob: string }>(`SELECT "heightCm", "currentWeightKg", to_char("dateOfBirth", 'YYYY-MM-DD') AS dob FROM users WHERE id = $1`, [id]);
    const weight = [...month].reverse().map((d) => weights.get(d)).find((w) => w !== null && w !== undefined) ?? user!.currentWeightKg;
    const [by, bm, bd] = user!.dob.split('-').map(Number) as [number, number, number];
    const [ty, tm, td] = isoDay(Date.now()).split('-').map(Number) as [number, number, number];
    const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
    // Mifflin-St Jeor for men, times the activity factor of the mean daily steps.
    const factor = stepsNow < 5000 ? 1.2 : stepsNow < 7500 ? 1.375 : stepsNow < 10000 ? 1.55 : stepsNow < 12500 ? 1.725 : 1.9;
    const goal = Math.round((10 * weight + 6.25 * user!.heightCm - 5 * age + 5) * factor);
    await expect(page.getByTestId('calories-goal')).toHaveText(`${grouped(goal)}kcal`);
    await expect(page.getByTestId('calories-intake')).toHaveText('–no data');

    const vo2s = await metric(id, 'vo2Max', month);
    const vo2 = Math.round([...month].reverse().map((d) => vo2s.get(d)).find((v) => v !== null && v !== undefined)! * 10) / 10;
    // FRIEND registry (men): the 20th/40th/60th/80th percentiles and the median of each decade from 20 to 79.
    const norms = [
      [38.0, 44.9, 50.2, 57.1, 48.0],
      [34.1, 39.9, 45.2, 51.6, 42.4],
      [30.5, 35.9, 40.3, 46.7, 37.8],
      [26.1, 31.1, 35.1, 41.2, 32.6],
      [22.4, 26.8, 30.9, 36.1, 28.2],
      [20.4, 23.2, 27.6, 31.4, 24.4],
    ];
    const norm = norms[Math.min(5, Math.max(0, Math.floor(age / 10) - 2))]!;
    const range = vo2 >= norm[3]! ? 'Excellent' : vo2 >= norm[2]! ? 'Good' : vo2 >= norm[1]! ? 'Fair' : vo2 >= norm[0]! ? 'Poor' : 'Very poor';
    await expect(page.getByTestId('vo2-max')).toHaveText(`${vo2}ml/kg/min${range}`);
    // Cardio age: where the medians (at ages 25, 35, … 75) cross this VO2 max.
    const medians = norms.map((n, i) => ({ age: 25 + 10 * i, median: n[4]! }));
    const older = medians.findIndex((m, i) => i > 0 && vo2 >= m.median);
    const hi = medians[older === -1 ? medians.length - 1 : older]!;
    const lo = medians[(older === -1 ? medians.length - 1 : older) - 1]!;
    const cardioAge = Math.round(Math.min(90, Math.max(20, lo.age + ((vo2 - lo.median) * (hi.age - lo.age)) / (hi.median - lo.median))));
    const diff = cardioAge - age;
    await expect(page.getByTestId('cardio-age')).toContainText(`${cardioAge}years`);
    await expect(page.getByTestId('cardio-diff')).toHaveText(`${Math.abs(diff)} ${Math.abs(diff) === 1 ? 'year' : 'years'} ${diff >= 0 ? 'older' : 'younger'}`);

    // Vital signs: heart rate per day from the samples (else resting), stress, and the latest blood pressure.
    const week = days(0, 7);
    const before = days(7, 7);
    const samples = await query<{ day: string; mean: number }>(
      `SELECT to_char("recordedAt", 'YYYY-MM-DD') AS day, avg(bpm)::float8 AS mean FROM heart_rate_samples WHERE "userId" = $1 AND "recordedAt" >= $2::date GROUP BY 1`,
      [id, before[0]],
    );
    const resting = await metric(id, 'restingHeartRateBpm', [...before, ...week]);
    const rate = (d: string) => {
      const value = samples.find((s) => s.day === d)?.mean ?? resting.get(d) ?? null;
      return value === null ? null : Math.round(value);
    };
    await expect(page.getByTestId('hr-this-week')).toHaveText(`${Math.round(mean(week.map(rate))!)}bpm`);
    await expect(page.getByTestId('hr-last-week')).toHaveText(`${Math.round(mean(before.map(rate))!)}bpm`);
    const stress = await metric(id, 'stressScore', [...before, ...week]);
    const stressOf = (d: string) => (stress.get(d) === null || stress.get(d) === undefined ? null : Math.round(stress.get(d)!));
    await expect(page.getByTestId('stress-this-week')).toHaveText(String(Math.round(mean(week.map(stressOf))!)));
    await expect(page.getByTestId('stress-last-week')).toHaveText(String(Math.round(mean(before.map(stressOf))!)));

    const [dayBp] = await query<{ at: string; sys: number; dia: number }>(
      `SELECT (day::timestamp AT TIME ZONE 'UTC')::text AS at, "systolicBpMmhg" AS sys, "diastolicBpMmhg" AS dia FROM daily_metrics
       WHERE "userId" = $1 AND "systolicBpMmhg" IS NOT NULL AND "diastolicBpMmhg" IS NOT NULL AND day <= current_date ORDER BY day DESC, source LIMIT 1`,
      [id],
    );
    const [scanBp] = await query<{ at: string; sys: number; dia: number }>(
      `SELECT "measuredAt"::text AS at, round("systolicBloodPressureMmhg")::int AS sys, round("diastolicBloodPressureMmhg")::int AS dia FROM vital_scans
       WHERE "userId" = $1 AND "systolicBloodPressureMmhg" IS NOT NULL AND "diastolicBloodPressureMmhg" IS NOT NULL ORDER BY "measuredAt" DESC LIMIT 1`,
      [id],
    );
    const bp = scanBp && (!dayBp || Date.parse(scanBp.at) >= Date.parse(dayBp.at)) ? scanBp : dayBp!;
    await expect(page.getByTestId('blood-pressure')).toHaveText(`${bp.sys}/${bp.dia}mmHg`);
    // A device's reading is named by its device: the demo's pressures are its (demonstration) Withings scale's.
    if (bp === dayBp) await expect(card('Blood pressure')).toContainText(/From your Withings, \d{1,2} [A-Z][a-z]{2} \d{4}\./);
    // One current weight: the profile card shows the newest weighing and where it came from.
    await expect(page.getByTestId('body-figures')).toContainText(`${Math.round(weight * 10) / 10} kg`);
    await expect(page.getByTestId('weight-from')).toHaveText(/^Withings, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const [weekly] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM vital_scans WHERE "userId" = $1 AND source = 'weekly' AND "measuredAt" >= date_trunc('week', now() AT TIME ZONE 'UTC')`, [id]);
    await expect(page.getByRole('link', { name: 'Test now' })).toHaveCount(weekly!.n === 0 ? 1 : 0);

    // Supplement highlight: the two the recommendation ranked first for today, with SPEC's 100-character cut.
    const highlight = card('Supplement highlight');
    await expect(highlight.getByRole('listitem')).toHaveCount(2);
    const [recommended] = await query<{ slugs: string[] }>(`SELECT "supplementSlugs" AS slugs FROM recommendation_sets WHERE "userId" = $1 AND day = $2::date AND place <> 'none'`, [id, isoDay(Date.now())]);
    const top = await query<{ slug: string; name: string; description: string }>('SELECT slug, name, description FROM supplements WHERE slug = ANY($1)', [recommended!.slugs.slice(0, 2)]);
    for (const slug of recommended!.slugs.slice(0, 2)) {
      const item = top.find((s) => s.slug === slug)!;
      const shown = item.description.length > 100 ? `${item.description.slice(0, 97)}…` : item.description;
      await expect(highlight.getByText(item.name, { exact: true })).toBeVisible();
      await expect(highlight.getByText(shown, { exact: true })).toBeVisible();
    }

    // Each chart draws as it nears the screen (in the charts' worker): its text alternative is there from the
    // start, but none of those further down has drawn until the member scrolls to it; then the full page at 1440×900.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(card('Vital signs').getByRole('img', { name: /^Heart rate/ })).toHaveAttribute('data-chart', 'waiting');
    for (const name of ['T-Results', 'Vital signs', 'Activity']) await card(name).scrollIntoViewIfNeeded();
    await expect(page.locator('canvas[data-chart="drawn"]')).toHaveCount(4);
    await page.screenshot({ path: 'test-results/dashboard.png', fullPage: true });

    // The pointer reaches the chart in its worker: over the first day's bar (a little above the day's name) its
    // tooltip shows, and leaving the chart takes it away again.
    const stepsChart = card('Activity').getByRole('img', { name: /^Steps by day/ });
    const unhovered = await stepsChart.screenshot();
    const box = (await stepsChart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 14, box.y + box.height - 40);
    await expect.poll(async () => (await stepsChart.screenshot()).equals(unhovered)).toBe(false);
    await page.screenshot({ path: 'test-results/dashboard-chart-tooltip.png', clip: { x: box.x - 16, y: box.y - 16, width: box.width + 32, height: box.height + 32 } });
    await page.mouse.move(box.x + box.width / 2, box.y - 60);
    await expect.poll(async () => (await stepsChart.screenshot()).equals(unhovered)).toBe(true);
  });

  test('/my_devices says the demo’s figures are demonstration data, from the sources the dashboard names', async ({ page }) => {
    await page.goto('/my_devices');
    const sources = page.getByTestId('data-sources');
    await expect(sources).toContainText('This is the demo account. Its figures are demonstration data');
    for (const name of ['Oura', 'Withings']) await expect(sources.getByRole('listitem').filter({ hasText: name })).toContainText('demonstration data');
  });

  test('/my_results gives the demo’s testosterone in the ng/dL he chose, each with the figure as entered, and its change as the dashboard shows it', async ({ page }) => {
    const id = await userId(DEMO_EMAIL);
    const labs = await query<{ value: number; unit: string; ngdl: number }>(
      `SELECT value, unit, round("valueNgDl")::int AS ngdl FROM lab_results WHERE "userId" = $1 AND marker = 'total_testosterone' ORDER BY "takenAt" DESC`,
      [id],
    );
    expect(labs.length).toBeGreaterThanOrEqual(2);
    await page.goto('/my_results');
    const testosterone = page.getByTestId('result-total_testosterone');
    await expect(testosterone.getByRole('row')).toHaveCount(labs.length + 1);
    // Each in ng/dL (the demo reads conventional units), one entered in nmol/L with that figure beside it.
    for (const [i, lab] of labs.entries()) {
      const row = testosterone.getByRole('row').nth(i + 1);
      await expect(row).toContainText(`${lab.ngdl} ng/dL`);
      if (lab.unit !== 'ng/dL') await expect(row).toContainText(new RegExp(`As (printed|entered): ${lab.value} ${lab.unit}`));
    }
    // The two newest differ in unit here: the change is said in ng/dL, the latest as the T-Results card gives it.
    const [latest, previous] = labs;
    expect(latest!.unit).not.toBe(previous!.unit);
    await expect(testosterone).toContainText(new RegExp(`Latest ${latest!.ngdl} ng/dL`));
    await expect(testosterone).toContainText(new RegExp(`Up from ${previous!.ngdl} ng/dL on `));
    // At a glance: with more than one test, every marker by date, open; the testosterone row in one
    // unit (ng/dL, the two tests' units differing), holding the dashboard's figure.
    const matrix = page.getByRole('region', { name: 'All results by date' });
    await expect(matrix).toBeVisible();
    const row = matrix.getByRole('row', { name: /^Total testosterone/ });
    await expect(row.getByRole('cell').first()).toHaveText('ng/dL');
    await expect(row).toContainText(String(latest!.ngdl));
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/my-results-at-a-glance.png', fullPage: true });
    await gotoDashboard(page);
    await expect(page.getByRole('region', { name: 'T-Results', exact: true })).toContainText(`Latest: ${latest!.ngdl} ng/dL`);
  });

  test('/my_results gives the demo’s biological age, worked out here from its nine results with Levine’s published formula', async ({ page }) => {
    const id = await userId(DEMO_EMAIL);
    const rows = await query<{ marker: string; value: number; unit: string; day: string; born: string }>(
      `SELECT DISTINCT ON (marker) marker, value, unit, to_char("takenAt", 'YYYY-MM-DD') AS day, to_char(u."dateOfBirth", 'YYYY-MM-DD') AS born
         FROM lab_results r JOIN users u ON u.id = r."userId"
        WHERE r."userId" = $1 AND marker IN ('albumin', 'creatinine', 'glucose', 'crp', 'lymphocytes_pct', 'mcv', 'rdw', 'alp', 'wbc')
        ORDER BY marker, "takenAt" DESC`,
      [id],
    );
    const v = Object.fromEntries(rows.map((r) => [r.marker, r]));
    // The demo's panel is in US units; Levine 2018 (Aging 10:573) takes albumin in g/L, creatinine in µmol/L,
    // glucose in mmol/L and ln(CRP in mg/dL).
    expect(rows.map((r) => `${r.marker} ${r.unit}`).sort()).toEqual(['albumin g/dL', 'alp U/L', 'creatinine mg/dL', 'crp mg/L', 'glucose mg/dL', 'lymphocytes_pct %', 'mcv fL', 'rdw %', 'wbc x10E3/uL']);
    const day = rows[0]!.day;
    const age = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${rows[0]!.born}T00:00:00Z`)) / (365.2425 * DAY_MS);
    const phenoAge = levinePhenoAge(levineInputs(v, age));

    await page.goto('/my_results');
    const card = page.getByRole('region', { name: 'Biological age' });
    await expect(card.getByTestId('bio-age-figure')).toHaveText(`${phenoAge.toFixed(1)}years`);
    const gap = Number((phenoAge - age).toFixed(1));
    await expect(card.getByTestId('bio-age-difference')).toHaveText(`${Math.abs(gap).toFixed(1)} years ${gap < 0 ? 'younger' : 'older'} than your calendar age`);
    // The nine results, each with its value as entered; the panels hold the rest of the blood count and chemistry.
    for (const row of rows) await expect(card.getByTestId(`bio-age-input-${row.marker}`)).toBeVisible();
    await expect(card.getByTestId('bio-age-input-crp')).toContainText(`${v.crp!.value} mg/L`);
    await expect(page.getByRole('region', { name: 'Full blood count' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Liver and proteins' })).toBeVisible();
    await card.getByText('How it is worked out').click();
    await expect(card.getByText(/within 30 days of each other/)).toBeVisible();
    await expectAccessible(page);
    await card.screenshot({ path: 'test-results/biological-age-card.png' });
    await page.screenshot({ path: 'test-results/my-results-demo.png', fullPage: true });
  });

  test('/my_actions lists today’s actions, the manual slots and the curated supplements', async ({ page }) => {
    await page.goto('/my_actions');
    await expect(page.getByRole('heading', { level: 1, name: 'My actions' })).toBeVisible();
    await expect(page.getByText(/^Completed \d out of \d$/)).toBeVisible();
    await expect(page.getByText(/^Next refresh: \d\d\/\d\d\/\d{4}, 00:00:00$/).first()).toBeVisible();
    const curated = page.getByRole('region', { name: 'Curated supplements & tools' });
    const [{ n }] = (await query<{ n: number }>('SELECT count(*)::int AS n FROM supplements WHERE active')) as [{ n: number }];
    await expect(curated.getByRole('listitem')).toHaveCount(n);
    // Product images open the shop in a new tab.
    const first = curated.getByRole('link').first();
    await expect(first).toHaveAttribute('target', '_blank');
    await expect(first).toHaveAttribute('rel', /noopener/);
    await expect(curated.locator('img').first()).toHaveJSProperty('complete', true);
    await page.screenshot({ path: 'test-results/my-actions.png', fullPage: true });
  });
});

test('the gauge label follows SPEC’s thresholds at 32, 33, 65, 66 and -1', async ({ page, users }) => {
  test.slow();
  const { email } = await users.create({ onboarded: true });
  const id = await userId(email);
  // The score comes from the member's data, so the data is made to give each score. Seven check-ins 7 to 13
  // days ago are enough days for a score but none in the last week, which leaves weight against goal as its
  // one input: 100 − 500 × |weight − goal| / goal (docs/t-score.md).
  await query(
    `INSERT INTO daily_checkins (id, "userId", day, mood, energy, symptoms)
     SELECT gen_random_uuid()::text, $1, (now() AT TIME ZONE 'UTC')::date - n, 'neutral', 'moderate', '{}' FROM generate_series(7, 13) AS n`,
    [id],
  );
  await gotoDashboard(page);
  const gauge = page.getByRole('region', { name: 'T-Score', exact: true });
  const GOAL_KG = 82;
  for (const [score, label] of [[32, 'Strained'], [33, 'Developing'], [65, 'Developing'], [66, 'Optimised']] as const) {
    // The member weighs in today (their own entry is today's current weight) against a goal of 82 kg.
    await query('UPDATE users SET "desiredWeightKg" = $2 WHERE id = $1', [id, GOAL_KG]);
    await query(
      `INSERT INTO daily_metrics (id, "userId", day, source, "weightKg", "createdAt", "updatedAt")
       VALUES (gen_random_uuid()::text, $1, (now() AT TIME ZONE 'UTC')::date, 'manual', $2, now(), now())
       ON CONFLICT ("userId", day, source) DO UPDATE SET "weightKg" = EXCLUDED."weightKg", "updatedAt" = now()`,
      [id, GOAL_KG + ((100 - score) * GOAL_KG) / 500],
    );
    await page.reload();
    await expect(gauge.getByTestId('gauge-label')).toHaveText(label);
    await expect(gauge.getByText(String(score), { exact: true })).toBeVisible();
    await expect(gauge.getByTestId('gauge-pointer')).toHaveCount(1);
  }
  // Without the days of data the score is inconclusive.
  await query('DELETE FROM daily_checkins WHERE "userId" = $1', [id]);
  await page.reload();
  await expect(gauge.getByTestId('gauge-label')).toHaveText('Inconclusive');
  await expect(gauge.getByText('N/A', { exact: true })).toBeVisible();
  await expect(gauge.getByTestId('gauge-pointer')).toHaveCount(0);
});

test('a manual action goes unconfirmed → confirming → confirmed, and toggles persist across a reload', async ({ page, context, users }) => {
  test.slow();
  const { email } = await users.create({ onboarded: true });
  await page.goto('/my_actions');
  // The engine's four; the member's own will take the place of the fourth.
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(4);
  const fourth = (await page.locator(`label[for="${await boxes.nth(3).getAttribute('id')}"]`).textContent())!;
  await expect(page.getByRole('checkbox', { name: fourth, exact: true })).toHaveCount(1);
  const first = page.getByTestId('slot-manual-1');
  await expect(first.getByText('It takes the place of the last suggestion above, so your day keeps four actions.')).toBeVisible();
  const second = page.getByTestId('slot-manual-2');
  // Unconfirmed: Confirm waits for text; the second slot waits for the first.
  await expect(first.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expect(second.getByRole('textbox')).toBeDisabled();
  const text = 'Walk to work instead of taking the bus, and take the stairs at the office all day';
  await first.getByRole('textbox').fill(text);
  await expect(first.getByText(`${text.length}/200`)).toBeVisible();
  await first.getByRole('textbox').press('Enter'); // Enter adds no line and sends nothing
  await expect(first.getByRole('textbox')).toHaveValue(text);

  // Confirming: a slow network (latency only; the call itself is real) makes the state observable.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
  await first.getByRole('button', { name: 'Confirm' }).click();
  await expect(first.getByText('Confirming…')).toBeVisible();
  await expect(first.getByRole('textbox')).toBeDisabled();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // Confirmed: a selectable action with its generated title; the second slot opens.
  const id = await userId(email);
  // Confirmed once the slot is gone (the textarea holds the same text until then) and the action is listed.
  await expect(page.getByTestId('slot-manual-1')).toHaveCount(0);
  await expect(page.getByRole('listitem').getByText(text, { exact: true })).toBeVisible();
  const [manual] = await query<{ title: string }>(`SELECT a.title FROM daily_actions a JOIN daily_action_sets s ON s.id = a."setId" WHERE s."userId" = $1 AND a.key = 'manual-1'`, [id]);
  expect(manual!.title.length).toBeGreaterThan(0);
  expect(manual!.title.length).toBeLessThanOrEqual(60);
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${manual!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toBeVisible();
  await expect(page.getByTestId('slot-manual-1')).toHaveCount(0);
  await expect(second.getByRole('textbox')).toBeEnabled();
  // Still four: the member's own is last, where the engine's fourth was.
  await expect(page.getByText('Completed 0 out of 4')).toBeVisible();
  await expect(boxes).toHaveCount(4);
  await expect(page.getByRole('checkbox', { name: fourth, exact: true })).toHaveCount(0);

  // Toggles save the whole selection at once and survive a reload.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/update-selected-actions') && r.ok());
  await boxes.nth(1).check();
  await saved;
  const savedAgain = page.waitForResponse((r) => r.url().endsWith('/api/update-selected-actions') && r.ok());
  await boxes.nth(3).check();
  await savedAgain;
  await expect(page.getByText('Completed 2 out of 4')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Completed 2 out of 4')).toBeVisible();
  await expect(boxes.nth(1)).toBeChecked();
  await expect(boxes.nth(3)).toBeChecked();
  await expect(boxes.nth(0)).not.toBeChecked();
  const selected = await query<{ key: string }>(`SELECT a.key FROM daily_actions a JOIN daily_action_sets s ON s.id = a."setId" WHERE s."userId" = $1 AND a.selected ORDER BY a.position`, [id]);
  expect(selected.map((s) => s.key)).toHaveLength(2);
  expect(selected.map((s) => s.key)).toContain('manual-1');
});

test('a user with no data sees dashes and what would fill them, and no console error', async ({ page, users }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await users.create({ onboarded: true });
  await gotoDashboard(page);

  const gauge = page.getByRole('region', { name: 'T-Score', exact: true });
  await expect(gauge.getByTestId('gauge-label')).toHaveText('Inconclusive');
  await expect(gauge.getByTestId('gauge-pointer')).toHaveCount(0);
  await expect(page.getByTestId('vitality-summary')).toContainText('Not enough data yet');
  await expect(page.getByTestId('sleep-score')).toHaveText('N/A');
  await expect(page.getByRole('region', { name: 'T-Results', exact: true })).toContainText('No testosterone results yet.');
  await expect(page.getByRole('link', { name: 'Upload a blood test' })).toHaveAttribute('href', '/profile#upload-blood-test');
  for (const id of ['calories-intake', 'calories-goal', 'calories-remaining', 'blood-pressure']) {
    await expect(page.getByTestId(id)).toContainText('–');
  }
  // A week's section with nothing in either week is one line: its title and how to fill it, no row of dashes.
  for (const id of ['steps', 'hr', 'stress']) {
    await expect(page.getByTestId(`${id}-empty`)).toBeVisible();
    await expect(page.getByTestId(`${id}-this-week`)).toHaveCount(0);
  }
  // Readiness, with no night yet, is one line too.
  await expect(page.getByTestId('readiness')).toHaveAttribute('data-state', 'no-data');
  await expect(page.getByTestId('readiness')).toContainText('No HRV or resting heart rate for last night: wear your ring or strap overnight, or import your history on My devices.');
  // Each empty card says in a whole sentence what fills it, and links there.
  await expect(page.getByText('Your daily steps appear here from your imported history or a connected device.')).toBeVisible();
  await expect(page.getByText('Your heart rate appears here from your imported history, a connected device or your weekly scan.')).toBeVisible();
  await expect(page.getByTestId('vo2-max')).toHaveText('Your VO2 max is unavailable');
  await expect(page.getByRole('link', { name: 'Import or connect' }).first()).toHaveAttribute('href', '/my_devices');
  // The first weeks' checklist: nothing done yet but the profile's onboarding answers, each step linking to its place.
  const start = page.getByRole('region', { name: 'Get started' });
  await expect(start.getByTestId('getting-started-progress')).toHaveText('0 of 5 done');
  await expect(start.getByRole('link', { name: 'Go to My devices' })).toHaveAttribute('href', '/my_devices');
  // This server connects Whoop alone: the step offers no other wearable.
  await expect(start.getByTestId('start-data')).toContainText('or from a Whoop you connect.');
  await expect(start.getByTestId('start-data')).not.toContainText(/Oura|Withings/);
  await expect(start.getByRole('link', { name: 'Check in now' })).toHaveAttribute('href', '/daily_checkins');
  await expect(start.getByRole('link', { name: 'Start the scan' })).toHaveAttribute('href', '/weekly_checkin');
  // On track one, the blood step would be ordering the kit; this server sends no kits (no KIT_ORDERS_EMAIL),
  // so it is the upload of a report, as on track two.
  await expect(start.getByRole('link', { name: 'Order my kit' })).toHaveCount(0);
  await expect(start.getByTestId('start-blood').getByRole('link', { name: 'Upload a report' })).toHaveAttribute('href', '/profile#upload-blood-test');
  await expect(start.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/complete-profile');
  // Each step says only what is left and what its screen asks: not the date of birth and height given at
  // sign-up, and not sleep, which the check-in does not ask.
  await expect(start).toContainText('Two minutes on your mood, energy and any symptoms');
  await expect(start).toContainText('Your gender and activity level, with the date of birth and height you gave at sign-up');
  await expect(start).not.toContainText('mood, energy and sleep');
  // Onboarding gave the date of birth, height and weight: the calorie goal names the one input it lacks.
  const calories = page.getByRole('region', { name: 'Calories' });
  await expect(calories).toContainText('Your calorie goal needs your activity level.');
  await expect(calories.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/complete-profile');
  // No NaN, undefined or invented defaults anywhere.
  await expect(page.locator('main')).not.toContainText(/NaN|undefined|null|1650|2200/);
  // The supplements still come (the ranking needs no wearable), and nothing went wrong in the console.
  await expect(page.getByRole('region', { name: 'Supplement highlight' }).getByRole('listitem')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('the header menu lists every destination, marks the current one, and closes with Escape', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await gotoDashboard(page);
  const button = page.getByRole('button', { name: 'Menu' });
  await button.click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  for (const name of ['Home', 'Profile', 'My devices', 'Help', 'Settings', 'Refer a friend', 'Daily checkins', 'Insights', 'My results', 'My actions', 'Experiments']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // The blood results are in the menu.
  await expect(menu.getByRole('link', { name: 'My results', exact: true })).toHaveAttribute('href', '/my_results');
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(page.getByRole('link', { name: 'Daily check-in' })).toHaveAttribute('href', '/daily_checkins');
});

// "Upload a report" opens the upload itself, not the top of /profile with the upload below the fold.
test('the dashboard’s upload link opens /profile at the upload', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await gotoDashboard(page);
  await page.getByTestId('start-blood').getByRole('link', { name: 'Upload a report' }).click();
  await expect(page).toHaveURL(/\/profile#upload-blood-test$/);
  await expect(page.getByText('Upload Blood test', { exact: true })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).not.toBeInViewport();
});

test('/insights_zoom shows the magnesium night formula with Buy Now to /onboarding_2', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await page.goto('/insights_zoom');
  await expect(page.getByRole('heading', { level: 1, name: 'Magnesium night formula' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/onboarding_2');
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/main_dashboard');
});
