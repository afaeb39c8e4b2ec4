import { escapeHtml as escape } from '@/lib/html';

/** Sent when a browser that never signed in to the account before does (issue 42): what, when, and what to do if it wasn't them. */
export function newBrowserMail({ firstName, browser, how, at, settingsLink }: { firstName: string | null; browser: string; how: string; at: Date; settingsLink: string }) {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
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
