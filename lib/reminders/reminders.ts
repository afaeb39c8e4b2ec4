import 'server-only';
import { isoWeekStart, utcDay } from '@/lib/days';
import { escapeHtml as escape } from '@/lib/html';
import { db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db-errors';
import { env } from '@/lib/env';
import { ReminderKind } from '@/lib/generated/prisma/enums';
import { retestsDue } from '@/lib/labs/retests';
import { sendMail, type Mail } from '@/lib/mail/mailer';
import { unsubscribeLink } from './unsubscribe';

/** The evening reminders' kinds; an experiment's end has a mail of its own (./experiment-ended.ts). */
type EveningKind = Exclude<ReminderKind, 'EXPERIMENT_ENDED'>;

// The evening reminders (run by the job queue, lib/jobs): for each user with notifications on, once
// their local time has reached REMINDER_HOUR, the daily check-in reminder when today's check-in is not
// in, and the weekly scan reminder when this ISO week's scan is not done. Each is claimed in
// reminder_logs first (one per user, kind and period), so a rerun, a second worker or an overlapping
// run never sends it twice; a mail that fails to go out gives its claim back for the next run. The retest
// reminder goes once for each retest date reached (lib/labs/retests.ts), counted at the time of
// sending: a newer result in the meantime has ended it. Its mail names no result, since a mailbox is no
// place for them; the link shows which.
const MAILS: Readonly<Record<EveningKind, readonly [subject: string, body: string, action: string, path: string]>> = {
  [ReminderKind.DAILY_CHECKIN]: ['Time for your daily check-in', 'Two minutes tonight keeps your insights and tomorrow’s actions tuned to how you really feel: your mood, your energy and anything that bothered you today.', 'Do my check-in', '/daily_checkins'],
  [ReminderKind.WEEKLY_SCAN]: ['Your weekly pulse check is due', 'This week’s pulse and blood-pressure check is still open. It takes under a minute with your camera, or type in a cuff reading.', 'Do my weekly check', '/weekly_checkin'],
  [ReminderKind.RETEST_DUE]: ['A blood test is due again', 'A blood result that was outside your lab’s range has reached the date we suggested testing it again. A new test shows whether what you changed has worked.', 'See which', '/my_actions'],
};

/** Local hour (24 h) from which the evening reminders go out. */
export const REMINDER_HOUR = 19;

type Candidate = { id: string; email: string; firstName: string | null; timeZone: string; checkedIn: boolean; scanned: boolean };

/** The user's local date and hour at `now`; an unknown zone counts as UTC. */
export function localTime(now: Date, timeZone: string): { date: string; hour: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export const appLink = (path: string) => `${env.APP_URL.replace(/\/$/, '')}${path}`;

/** What a reminder says: its subject, its paragraphs, and the one thing to do with its link. */
export type ReminderContent = { subject: string; paragraphs: readonly string[]; action: string; path: string };

/** A reminder e-mail to `to`, with its one-click unsubscribe link for the claim `logId`. */
export function reminderMail({ subject, paragraphs, action, path }: ReminderContent, to: string, firstName: string | null, logId: string): Mail {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  const link = appLink(path);
  const unsubscribe = unsubscribeLink(logId);
  const text = `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${action}: ${link}\n\nYou get these reminders because they are on in your settings. Turn them off with one click: ${unsubscribe}\n\n— Vitality`;
  const html = `<p>${escape(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('\n')}
<p><a href="${escape(link)}">${escape(action)}</a></p>
<p style="color:#525252;font-size:12px">You get these reminders because they are on in your settings. <a href="${escape(unsubscribe)}">Turn reminders off</a></p>
<p>— Vitality</p>`;
  // RFC 8058: mail clients may offer their own one-click button, which POSTs to the same address.
  return { to, subject, text, html, headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** Claims (user, kind, period); the row's id when this call made it, null when it was already there. */
async function claim(userId: string, kind: ReminderKind, period: string, now: Date): Promise<string | null> {
  try {
    return (await db.reminderLog.create({ data: { userId, kind, period, sentAt: now }, select: { id: true } })).id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

async function remind(user: Candidate, kind: EveningKind, period: string, now: Date, send: (mail: Mail) => Promise<void>): Promise<boolean> {
  const logId = await claim(user.id, kind, period, now);
  if (!logId) return false;
  try {
    const [subject, body, action, path] = MAILS[kind];
    await send(reminderMail({ subject, paragraphs: [body], action, path }, user.email, user.firstName, logId));
    return true;
  } catch (error) {
    await db.reminderLog.delete({ where: { id: logId } }).catch(() => undefined);
    // The kind of failure only: the address is personal data.
    console.error(`[reminders] a ${kind} reminder could not be sent: ${error instanceof Error ? error.name : 'unknown error'}`);
    return false;
  }
}

/** One pass: every reminder due at `now`, each at most once. Answers how many of each went out. */
export async function sendDueReminders(now = new Date(), send: (mail: Mail) => Promise<void> = sendMail): Promise<{ daily: number; weekly: number; retest: number }> {
  const weekStart = isoWeekStart(now);
  const candidates = await db.$queryRaw<Candidate[]>`
    SELECT u.id, u.email, u."firstName", u."timeZone",
      EXISTS (SELECT 1 FROM daily_checkins c WHERE c."userId" = u.id AND c.day = ${utcDay(now)}::date) AS "checkedIn",
      EXISTS (
        SELECT 1 FROM vital_scans v
        WHERE v."userId" = u.id AND v.source = 'weekly'
          AND v."measuredAt" >= (${weekStart.toISOString()}::timestamptz AT TIME ZONE 'UTC')
          AND v."measuredAt" <= (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')
      ) AS scanned
    FROM users u
    WHERE u."notificationsEnabled" AND u."termsAcceptedAt" IS NOT NULL
    ORDER BY u.id`;
  const sent = { daily: 0, weekly: 0, retest: 0 };
  for (const user of candidates) {
    const local = localTime(now, user.timeZone);
    if (local.hour < REMINDER_HOUR) continue;
    if (!user.checkedIn && (await remind(user, ReminderKind.DAILY_CHECKIN, local.date, now, send))) sent.daily += 1;
    if (!user.scanned && (await remind(user, ReminderKind.WEEKLY_SCAN, utcDay(weekStart), now, send))) sent.weekly += 1;
    // The latest retest date reached: one mail for each, however many results share it.
    const reached = (await retestsDue(user.id)).map((retest) => retest.by).filter((by) => by <= local.date);
    if (reached.length && (await remind(user, ReminderKind.RETEST_DUE, reached.sort().at(-1)!, now, send))) sent.retest += 1;
  }
  return sent;
}
