// Reminders in Chromium: a mail's unsubscribe link (no sign-in, works once) and the
// Notifications card in Settings. Read back from the database with plain SQL.
import { createHmac } from 'node:crypto';
import { query } from './support/database';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 } });

// The e2e server's secret (playwright.config.ts); the token is made here, independently of the app.
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e';
const tokenFor = (logId: string) => `${logId}.${createHmac('sha256', SECRET).update(`unsubscribe:${logId}`).digest('base64url')}`;

async function reminderFor(email: string): Promise<{ userId: string; logId: string }> {
  const [user] = await query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  const logId = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await query(`INSERT INTO reminder_logs (id, "userId", kind, period) VALUES ($1, $2, 'daily_checkin', '2026-11-23')`, [logId, user!.id]);
  return { userId: user!.id, logId };
}

const notificationsOn = async (userId: string) => (await query<{ on: boolean }>('SELECT "notificationsEnabled" AS on FROM users WHERE id = $1', [userId]))[0]!.on;

test('a reminder’s unsubscribe link turns reminders off without signing in, once', async ({ page, users, browser }) => {
  const { email } = await users.create({ onboarded: true });
  const { userId, logId } = await reminderFor(email);
  // A browser with no session, as a mail client opens it.
  const visitor = await browser.newPage();
  await visitor.goto(`/unsubscribe?token=${encodeURIComponent(tokenFor(logId))}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Reminder e-mails' })).toBeVisible();
  // Opening the link changes nothing: the button does.
  expect(await notificationsOn(userId)).toBe(true);
  await visitor.getByRole('button', { name: 'Turn reminders off' }).click();
  await expect(visitor.getByText('Reminders are off. You can turn them back on in Settings.')).toBeVisible();
  expect(await notificationsOn(userId)).toBe(false);

  await visitor.reload();
  await visitor.getByRole('button', { name: 'Turn reminders off' }).click();
  await expect(visitor.getByRole('main').getByRole('alert')).toHaveText('This unsubscribe link has already been used. You can turn reminders back on in Settings.');
  await visitor.close();

  // A tampered link is refused.
  await page.goto(`/unsubscribe?token=${encodeURIComponent(`${logId}.tampered`)}`);
  await page.getByRole('button', { name: 'Turn reminders off' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
});

test('Settings → Notifications: reminders and their time zone are saved', async ({ page, users }) => {
  const { email } = await users.create({ onboarded: true });
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Notifications' });
  const toggle = card.getByRole('switch', { name: 'Reminder e-mails' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await card.getByRole('combobox', { name: 'Time zone for reminders' }).selectOption('Europe/London');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Saved.')).toBeVisible();
  await page.screenshot({ path: 'test-results/settings-notifications.png', fullPage: true });
  const [row] = await query<{ on: boolean; zone: string }>('SELECT "notificationsEnabled" AS on, "timeZone" AS zone FROM users WHERE email = $1', [email]);
  expect(row).toEqual({ on: false, zone: 'Europe/London' });
});
