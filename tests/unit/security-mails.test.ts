import { describe, expect, it } from '@jest/globals';
import { newBrowserMail, securityChangeMail } from '@/lib/mail/security-mails';

// The security e-mails tell the time on the member's own clock, and name the zone, since a mail is read anywhere.

const at = new Date('2026-12-06T21:07:42Z');
const settingsLink = 'https://vitality.example/settings';

describe('security e-mails', () => {
  it('write when a new browser signed in in the member’s zone', () => {
    const mail = newBrowserMail({ firstName: 'Sam', browser: 'Firefox on Windows', how: 'with a password', at, timeZone: 'Europe/Berlin', settingsLink });
    expect(mail.text).toContain('Firefox on Windows, with a password, at 06/12/2026, 22:07:42 (Europe/Berlin).');
    expect(mail.html).toContain('at 06/12/2026, 22:07:42 (Europe/Berlin).');
  });

  it('write when the sign-in changed in the member’s zone, and in UTC for a zone the runtime does not know', () => {
    expect(securityChangeMail({ firstName: null, change: 'passkey added', browser: null, at, timeZone: 'America/New_York', settingsLink }).text).toContain('passkey added, at 06/12/2026, 16:07:42 (America/New York).');
    expect(securityChangeMail({ firstName: null, change: 'passkey added', browser: null, at, timeZone: 'Nowhere/Else', settingsLink }).text).toContain('passkey added, at 06/12/2026, 21:07:42 (UTC).');
  });
});
