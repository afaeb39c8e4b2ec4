// The sign-in security e-mails (docs/security.md, "Sign-in: passkeys, the second step, step-up"): a new browser signed in, and a change to how the member signs in.
import { formatTimestamp, knownTimeZone } from '@/lib/format';
import { escapeHtml as escape } from '@/lib/html';

/** "06/12/2026, 22:07:00 (Europe/Berlin)": on the member's clock, with the zone named, as a mail may be read anywhere. */
const whenIn = (at: Date, timeZone: string) => `${formatTimestamp(at, timeZone)} (${knownTimeZone(timeZone).replaceAll('_', ' ')})`;

/** Sent when a browser that never signed in to the account before does: what, when, and what to do if it wasn't them. */
export function newBrowserMail({ firstName, browser, how, at, timeZone, settingsLink }: { firstName: string | null; browser: string; how: string; at: Date; timeZone: string; settingsLink: string }) {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  const when = whenIn(at, timeZone);
  const text = `${greeting}

Your Vitality account was just signed in to from a new browser:

${browser}, ${how}, at ${when}.

If this was you, there is nothing to do. If it wasn't, change your password and sign out the browsers you don't recognise in Settings:

${settingsLink}

— Vitality`;
  const html = `<p>${escape(greeting)}</p>
<p>Your Vitality account was just signed in to from a new browser:</p>
<p><strong>${escape(browser)}</strong>, ${escape(how)}, at ${escape(when)}.</p>
<p>If this was you, there is nothing to do. If it wasn't, change your password and sign out the browsers you don't recognise in <a href="${escape(settingsLink)}">Settings</a>.</p>
<p>— Vitality</p>`;
  return { subject: 'New sign-in to your Vitality account', text, html };
}

/** Sent after a change to how the member signs in (ASVS 5.0 V6.3.7): what changed, when, and what to do if it wasn't them. */
export function securityChangeMail({ firstName, change, browser, at, timeZone, settingsLink }: { firstName: string | null; change: string; browser: string | null; at: Date; timeZone: string; settingsLink: string }) {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  const when = whenIn(at, timeZone);
  const where = browser ? ` from ${browser}` : '';
  const text = `${greeting}

A change was just made to how you sign in to Vitality: ${change}, at ${when}${where}.

If this was you, there is nothing to do. If it wasn't, reset your password from the sign-in page at once, then check your passkeys, two-step verification and signed-in browsers in Settings:

${settingsLink}

— Vitality`;
  const html = `<p>${escape(greeting)}</p>
<p>A change was just made to how you sign in to Vitality: <strong>${escape(change)}</strong>, at ${escape(when)}${escape(where)}.</p>
<p>If this was you, there is nothing to do. If it wasn't, reset your password from the sign-in page at once, then check your passkeys, two-step verification and signed-in browsers in <a href="${escape(settingsLink)}">Settings</a>.</p>
<p>— Vitality</p>`;
  return { subject: 'Your Vitality sign-in was changed', text, html };
}
