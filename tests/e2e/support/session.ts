import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { DEMO_EMAIL } from '../../../lib/demo/account';
import { query } from './database';

/** Signs the browser in as the demo user by giving it a real session row's cookie. */
export async function signInAsDemo(context: BrowserContext, baseURL: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await query(
    `INSERT INTO sessions (id, "sessionToken", "userId", expires)
     SELECT $1, $2, id, now() + interval '1 hour' FROM users WHERE email = $3`,
    [`e2e-${token.slice(0, 12)}`, token, DEMO_EMAIL],
  );
  await context.addCookies([{ name: 'next-auth.session-token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return token;
}
