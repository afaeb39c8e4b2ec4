// Every clock time a member reads is on his own clock. A member whose browser is in New
// York signs up (through the API, which knows no zone: his saved zone is the default UTC); Settings offers
// his browser's zone for the reminders and for every time shown, and once he saves it the check-in's next
// time and his security log are in New York time. The expected texts are worked out here with Intl, apart
// from the app's formatter (lib/format.ts).
import { appHeaders } from './support/client-address';
import { query } from './support/database';
import { expect, test } from './support/fixtures';

const ZONE = 'America/New_York';
test.use({ viewport: { width: 1440, height: 900 }, timezoneId: ZONE });

const DAY_MS = 86_400_000;
/** The daily check-in opens again at the next 00:00 UTC (SPEC §4). */
const nextUtcMidnight = () => new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + DAY_MS);
/** en-GB day/month/year, 24-hour time with seconds, in `timeZone`. */
const clock = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(date);

test('a member in New York is offered his browser’s zone, and once he saves it the check-in’s next time and his security log are on his clock', async ({ page, users, baseURL }) => {
  const member = await users.create({ onboarded: true });
  const savedZone = async () => (await query<{ timeZone: string }>('SELECT "timeZone" FROM users WHERE email = $1', [member.email]))[0]?.timeZone;
  expect(await savedZone()).toBe('UTC');

  await page.goto('/settings');
  await expect(page.getByText(`Chosen from your browser (America/New York): press Save to keep it.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Time zone for reminders' })).toHaveValue(ZONE);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(savedZone).toBe(ZONE);

  // His security log: the account's creation, at a New York time.
  await page.goto('/settings');
  const created = page.getByTestId('security-event').filter({ hasText: 'Account created' });
  await expect(created).toHaveCount(1);
  const [event] = await query<{ at: Date }>(
    `SELECT e."createdAt" AS at FROM security_events e JOIN users u ON u.id = e."userId" WHERE u.email = $1 AND e.kind = 'account_created'`,
    [member.email],
  );
  await expect(created.getByRole('cell').first()).toHaveText(clock(new Date(event!.at), ZONE));
  await created.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/first-hour-time-settings.png' });

  // The day's check-in done: the next one is at 00:00 UTC, which New York reads as 19:00 or 20:00 the day before.
  const checkin = await page.request.post('/api/checkin', { data: { mood: 'happy', energy: 'low', symptoms: [], reflection: [] }, headers: appHeaders(baseURL!, member.address) });
  expect(checkin.status(), await checkin.text()).toBeLessThan(300);
  await page.goto('/daily_checkins');
  const next = clock(nextUtcMidnight(), ZONE);
  expect(next).toMatch(/, (?:19|20):00:00$/);
  await expect(page.getByText(`Next available: ${next}`)).toBeVisible();
  await expect(page.getByText(/UTC/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/first-hour-time-checkin.png' });
});
