import type { Page } from '@playwright/test';

/**
 * Step-up (lib/auth/step-up.ts) asks "Confirm it’s you" once a session's last proof is over 10 minutes old. A test
 * whose session may be that old (the demo's, made by the setup project at the start of the run) answers
 * it with the password when it comes, before `done` (the download, or the screen the call leads to).
 */
export async function confirmWithPasswordIfAsked(page: Page, password: string, done: Promise<unknown>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  const asked = await Promise.race([done.then(() => false), dialog.waitFor({ state: 'visible' }).then(() => true)]).catch(() => false);
  if (!asked) return;
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}
