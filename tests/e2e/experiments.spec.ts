import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';
import { parseCsv } from '@/lib/export/csv';
import { pdfText } from '@/tests/support/pdf-text';
import { query } from './support/database';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/page-checks';
import { confirmWithPasswordIfAsked } from './support/step-up';

// Experiments: the demo member asks whether a change he made four weeks ago helped, on the history he already
// has, ticks some of its days, reads the answer, and finds it in the doctor's PDF and his data export; a new
// member's running experiment shows on the dashboard and asks its one question in the daily check-in.

test.use({ viewport: { width: 1440, height: 900 } });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day `offset` days from today in `timeZone`, as YYYY-MM-DD and as the pages write it ("7 Dec 2026"). */
function dayIn(timeZone: string, offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return { iso: date.toISOString().slice(0, 10), words: `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` };
}

const demoZone = async () => (await query<{ timeZone: string }>('SELECT "timeZone" FROM users WHERE email = $1', [DEMO_EMAIL]))[0]!.timeZone;
/** The demo's experiments go with the test that made them, also when it fails: other tests read his pages too. */
const clearDemo = () => query('DELETE FROM experiments WHERE "userId" = (SELECT id FROM users WHERE email = $1)', [DEMO_EMAIL]);

test.describe('as the demo member', () => {
  test.use({ signedInAsDemo: true });
  test.beforeEach(clearDemo);
  test.afterEach(clearDemo);

  test('a change started four weeks ago, judged on his history: the answer, his ticked days, the PDF and the export', async ({ page }) => {
    test.slow();
    const zone = await demoZone();
    const started = dayIn(zone, -28);
    const lastDay = dayIn(zone, -1);

    await page.goto('/experiments');
    await expect(page.getByRole('heading', { level: 1, name: 'Experiments' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Start an experiment' });
    await form.getByLabel('The change', { exact: true }).selectOption({ label: 'No alcohol after 6 pm' });
    // The catalogue's outcome for it, declared before the answer.
    await expect(form.getByLabel('Primary outcome')).toHaveValue('hrvMs');
    await expect(page.getByTestId('baseline-reason')).toHaveText(/^Your last 28 days count as the baseline: Heart-rate variability has a value on \d+ days of them\.$/);
    const watched = form.getByRole('group', { name: 'Also shown, as exploratory (up to 3)' });
    await watched.getByLabel('Sleep', { exact: true }).check();
    await watched.getByLabel('Resting heart rate', { exact: true }).check();
    await form.getByRole('radio', { name: 'I have already started' }).check();
    await form.getByLabel('The day you started').fill(started.iso);
    await expect(form.getByLabel('Baseline days')).toHaveValue('28');
    await expect(form.getByLabel('Days with the change')).toHaveValue('28');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/experiments-form.png', fullPage: true });
    await form.getByRole('button', { name: 'Start the experiment' }).click();

    // Its page: the plan ended yesterday, so the answer is final, and it says it was set up afterwards.
    await expect(page).toHaveURL(/\/experiments\/[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: 'No alcohol after 6 pm' })).toBeVisible();
    await expect(page.getByText('Started before it was set up')).toBeVisible();
    await expect(page.getByText(`The change started on ${started.words}, before this experiment was set up`, { exact: false })).toBeVisible();
    const sentence = page.getByTestId('sentence-hrvMs');
    await expect(sentence).toHaveText(/^(Likely helped: heart-rate variability \d+ ms (higher|lower) \(90 % interval \d+–\d+ ms\)|Likely hurt: heart-rate variability \d+ ms (higher|lower) \(90 % interval \d+–\d+ ms\)|No change seen: this experiment could have detected a change of \d+ ms or more)$/);
    const byPeriod = page.getByRole('list', { name: 'Heart-rate variability by period' }).getByRole('listitem');
    await expect(byPeriod).toHaveText([
      new RegExp(`^Baseline \\(.+ – ${escape(dayIn(zone, -29).words)}\\): mean \\d+ ms, 90 % interval \\d+–\\d+ ms; \\d+ days with a value$`),
      new RegExp(`^With the change \\(${escape(started.words)} – ${escape(lastDay.words)}\\): mean \\d+ ms, 90 % interval \\d+–\\d+ ms; \\d+ days with a value$`),
    ]);
    // The chart's text alternative carries the same means as the list.
    const baselineMean = /mean (\d+) ms/.exec((await byPeriod.first().textContent())!)![1]!;
    await expect(page.getByTestId('outcome-hrvMs').getByRole('img')).toHaveAttribute('aria-label', new RegExp(`${baselineMean} ms`));
    for (const label of ['Exploratory: Sleep', 'Exploratory: Resting heart rate']) await expect(page.getByRole('heading', { name: label, exact: false })).toBeVisible();
    await expect(page.getByTestId('experiment-adherence')).toHaveText('No change days answered yet.');

    // He answers the three last days of the change: done, not done, done while travelling.
    const days = page.getByRole('list', { name: 'Days to answer' }).getByRole('listitem');
    const answer = async (index: number, did: 'Yes' | 'No', flag?: string) => {
      const day = days.nth(index);
      await day.getByRole('group', { name: 'Did you do it?' }).getByRole('radio', { name: did }).check();
      await expect(day.getByText('Saved.')).toBeVisible();
      if (flag) {
        await day.getByRole('checkbox', { name: flag }).check();
        await expect(day.getByRole('checkbox', { name: flag })).toBeChecked();
      }
    };
    await expect(days.first().getByRole('group').first()).toHaveAccessibleName(new RegExp(escape(lastDay.words)));
    await answer(0, 'Yes');
    await answer(1, 'No');
    await answer(2, 'Yes', 'Travelling');
    await expect
      .poll(() => query<{ did: boolean; travelling: boolean }>('SELECT "didIt" AS did, travelling FROM experiment_days WHERE "experimentId" = $1 ORDER BY day DESC', [id]))
      .toEqual([
        { did: true, travelling: false },
        { did: false, travelling: false },
        { did: true, travelling: true },
      ]);
    await page.reload();
    await expect(page.getByTestId('experiment-adherence')).toHaveText("You ticked 'did it' on 2 of 3 days you answered.");
    await expect(page.getByTestId('experiment-flagged')).toHaveText('1 day flagged: travelling 1 — kept in, not hidden.');
    await expect(sentence).toHaveText(/^(Likely|No change seen)/);
    await expectAccessible(page);
    // Each chart draws once it comes near the screen: brought there in turn, so the picture has all three.
    for (const outcome of ['hrvMs', 'sleepDurationMinutes', 'restingHeartRateBpm']) {
      const section = page.getByTestId(`outcome-${outcome}`);
      await section.scrollIntoViewIfNeeded();
      await expect(section.locator('canvas[data-chart="drawn"]')).toHaveCount(1);
    }
    await page.screenshot({ path: 'test-results/experiment-answer.png', fullPage: true });
    const answerText = (await sentence.textContent())!;

    // Listed with its answer on /experiments, where a new one can be started: this one has ended.
    await page.goto('/experiments');
    const past = page.getByRole('list', { name: 'Past experiments' }).getByRole('listitem');
    await expect(past).toHaveCount(1);
    await expect(past.first()).toContainText(answerText);
    await expect(page.getByRole('form', { name: 'Start an experiment' })).toBeVisible();

    // The doctor's PDF: the experiment, its dates and its answer as the page words it.
    await page.goto('/my_results');
    const summarising = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Prepare for your doctor (PDF)' }).click();
    await confirmWithPasswordIfAsked(page, DEMO_PASSWORD, summarising);
    const text = (await pdfText(new Uint8Array(await readFile((await (await summarising).path())!)))).replace(/\s+/g, ' ');
    expect(text).toContain('Experiments');
    expect(text).toContain('No alcohol after 6 pm');
    expect(text).toContain(`the change ${started.words} to ${lastDay.words}`);
    expect(text).toContain(`Primary outcome, heart-rate variability: ${answerText}`);
    expect(text).toContain('Set up after the change had begun: its outcome was not declared in advance.');

    // The export: the experiment with its answer, and his three days.
    // The demo's session is the setup project's, maybe older than step-up's ten minutes: then he confirms it's him.
    await page.goto('/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await confirmWithPasswordIfAsked(page, DEMO_PASSWORD, downloading);
    const files = unzipSync(new Uint8Array(await readFile((await (await downloading).path())!)));
    const [header, ...rows] = parseCsv(strFromU8(files['experiments.csv']!));
    const row = rows.find((r) => r[header!.indexOf('id')] === id)!;
    expect(row[header!.indexOf('change')]).toBe('No alcohol after 6 pm');
    expect(row[header!.indexOf('change_from')]).toBe(started.iso);
    expect(row[header!.indexOf('answer')]).toBe(answerText);
    const [dayHeader, ...dayRows] = parseCsv(strFromU8(files['experiment_days.csv']!));
    expect(dayRows.filter((r) => r[dayHeader!.indexOf('experiment_id')] === id).map((r) => [r[dayHeader!.indexOf('did_it')], r[dayHeader!.indexOf('travelling')]])).toEqual([
      ['true', 'true'],
      ['false', 'false'],
      ['true', 'false'],
    ]);
  });
});

test('a running experiment: "Day 9 of 28" on the dashboard, and its question in the daily check-in', async ({ page, users }) => {
  test.slow();
  const member = await users.create({ onboarded: true });
  const zone = (await query<{ timeZone: string }>('SELECT "timeZone" FROM users WHERE email = $1', [member.email]))[0]!.timeZone;
  const today = dayIn(zone, 0);

  // Started eight days ago; a new member has no history, so his usual days are the fortnight before it.
  await page.goto('/experiments');
  const form = page.getByRole('form', { name: 'Start an experiment' });
  await form.getByLabel('The change', { exact: true }).selectOption({ label: 'Magnesium at night' });
  await form.getByRole('radio', { name: 'I have already started' }).check();
  await form.getByLabel('The day you started').fill(dayIn(zone, -8).iso);
  await form.getByLabel('Baseline days').fill('14');
  await form.getByRole('button', { name: 'Start the experiment' }).click();
  await expect(page).toHaveURL(/\/experiments\/[^/]+$/);
  await expect(page.getByTestId('sentence-sleepDurationMinutes')).toHaveText(new RegExp(`^Running: the answer comes after ${escape(dayIn(zone, 19).words)}\\.`));

  await page.goto('/main_dashboard');
  const card = page.getByRole('region', { name: 'Experiment' });
  await expect(card.getByTestId('experiment-card-change')).toHaveText('Magnesium at night');
  await expect(card.getByRole('progressbar', { name: 'Day 9 of 28' })).toBeVisible();
  await expectAccessible(page);
  await card.screenshot({ path: 'test-results/experiment-dashboard-card.png' });

  await page.goto('/daily_checkins');
  const checkin = page.getByRole('region', { name: 'Your experiment' });
  await checkin.getByRole('group', { name: 'Did you do it today?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(checkin.getByText('Saved.')).toBeVisible();
  await checkin.getByRole('checkbox', { name: 'Drinking' }).check();
  await expect
    .poll(() => query<{ day: string; did: boolean; drinking: boolean }>(`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d."didIt" AS did, d.drinking FROM experiment_days d JOIN experiments e ON e.id = d."experimentId" JOIN users u ON u.id = e."userId" WHERE u.email = $1`, [member.email]))
    .toEqual([{ day: today.iso, did: true, drinking: true }]);
  await expectAccessible(page);
  await checkin.screenshot({ path: 'test-results/experiment-checkin.png' });
});

/** A text as a regular expression that matches it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
