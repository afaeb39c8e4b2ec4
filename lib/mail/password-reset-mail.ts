import { escapeHtml as escape } from '@/lib/html';

export function passwordResetMail({ firstName, link, validMinutes }: { firstName: string | null; link: string; validMinutes: number }) {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  const text = `${greeting}

Someone asked to reset the password of your Vitality account. To choose a new password, open this link:

${link}

The link works once, for ${validMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.

— Vitality`;
  const html = `<p>${escape(greeting)}</p>
<p>Someone asked to reset the password of your Vitality account. To choose a new password, open this link:</p>
<p><a href="${escape(link)}">Reset my password</a></p>
<p>The link works once, for ${validMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p>— Vitality</p>`;
  return { subject: 'Reset your Vitality password', text, html };
}
