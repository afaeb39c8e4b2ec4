import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { daysBetween, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db-errors';
import { experimentDetail } from '@/lib/experiments/store';
import { formatDateGB } from '@/lib/format';
import { ReminderKind } from '@/lib/generated/prisma/enums';
import { sendMail, type Mail } from '@/lib/mail/mailer';
import { localTime, reminderMail } from './reminders';

// "Your experiment has ended" (run by the job queue, lib/jobs): once an experiment's planned last day is over in
// the member's zone, one e-mail with a link to its page. Like the retest reminder, it names neither the change
// nor the answer: what he takes and how his body answered are no mailbox's business, the page shows them. The experiment is claimed
// by setting its endNotifiedAt where it is still null, in one statement, so two workers cannot both send it;
// the claim's reminder_logs row gives the mail its one-click unsubscribe link, as the other reminders have. A
// mail that fails to go gives both back for the next run. Like the reminders, it goes only to members with
// notifications on; an experiment he stopped early, or set up once its plan was over, has no mail.

export const EXPERIMENT_ENDED_SUBJECT = 'Your experiment has ended';

/** The local hour from which the mail goes, the morning after the last day: never in his night. */
export const ENDED_MAIL_HOUR = 8;

/** An end further back is not announced: turning mails on later does not bring old news. */
export const ENDED_MAIL_WITHIN_DAYS = 7;

type Candidate = { id: string; userId: string; email: string; firstName: string | null; timeZone: string; change: string; endsOn: Date };

/** Claims the experiment's mail: the reminder_logs row's id when this call did, null when another had. */
async function claim(candidate: Candidate, now: Date): Promise<string | null> {
  try {
    return await db.$transaction(async (tx) => {
      const { count } = await tx.experiment.updateMany({ where: { id: candidate.id, endNotifiedAt: null, stoppedAt: null }, data: { endNotifiedAt: now } });
      if (count === 0) return null;
      const log = await tx.reminderLog.create({ data: { userId: candidate.userId, kind: ReminderKind.EXPERIMENT_ENDED, period: candidate.id, sentAt: now }, select: { id: true } });
      return log.id;
    });
  } catch (error) {
    // Its mail went before (the log says so) and the claim was cleared since: it is not sent again.
    if (!isUniqueViolation(error)) throw error;
    await db.experiment.updateMany({ where: { id: candidate.id, endNotifiedAt: null }, data: { endNotifiedAt: now } });
    return null;
  }
}

async function giveBack(candidate: Candidate, logId: string, now: Date): Promise<void> {
  await db.$transaction([
    db.reminderLog.deleteMany({ where: { id: logId } }),
    db.experiment.updateMany({ where: { id: candidate.id, endNotifiedAt: now }, data: { endNotifiedAt: null } }),
  ]);
}

async function announce(candidate: Candidate, now: Date, send: (mail: Mail) => Promise<void>): Promise<boolean> {
  const logId = await claim(candidate, now);
  if (!logId) return false;
  try {
    const detail = await experimentDetail({ id: candidate.userId, timeZone: candidate.timeZone }, candidate.id, now);
    // Deleted since the claim: its log went with it (the cascade) or stays as a harmless record.
    if (!detail) return false;
    const content = {
      subject: EXPERIMENT_ENDED_SUBJECT,
      paragraphs: [
        `The experiment you set up in Vitality finished on ${formatDateGB(ISO_DAY.fromDate(candidate.endsOn))}, and its answer is ready.`,
        'Its page shows what your days say, with its uncertainty: your days in each period, their means, and the measures you watched beside it.',
      ],
      action: 'See the answer',
      path: `/experiments/${encodeURIComponent(candidate.id)}`,
    };
    await send(reminderMail(content, candidate.email, candidate.firstName, logId));
    return true;
  } catch (error) {
    await giveBack(candidate, logId, now).catch(() => undefined);
    // The kind of failure only: the address is personal data.
    console.error(`[reminders] an experiment-ended mail could not be sent: ${error instanceof Error ? error.name : 'unknown error'}`);
    return false;
  }
}

/** One pass: the mail of every experiment whose planned last day is over in its member's zone, each once. Answers how many went. */
export async function sendEndedExperimentMails(now = new Date(), send: (mail: Mail) => Promise<void> = sendMail): Promise<number> {
  const today = utcDay(now);
  // Every zone's today lies within a day of UTC's: the SQL narrows to the ends that can be due, the zone decides.
  const candidates = await db.$queryRaw<Candidate[]>`
    SELECT e.id, e."userId", u.email, u."firstName", u."timeZone", e.change,
      (e."changeFrom" + e."changeDays" + COALESCE(e."returnDays", 0) - 1) AS "endsOn"
    FROM experiments e JOIN users u ON u.id = e."userId"
    WHERE e."endNotifiedAt" IS NULL AND e."stoppedAt" IS NULL
      AND u."notificationsEnabled" AND u."termsAcceptedAt" IS NOT NULL
      AND (e."changeFrom" + e."changeDays" + COALESCE(e."returnDays", 0) - 1) BETWEEN ${today}::date - ${ENDED_MAIL_WITHIN_DAYS + 1}::int AND ${today}::date
    ORDER BY e.id`;
  let sent = 0;
  for (const candidate of candidates) {
    const local = localTime(now, candidate.timeZone);
    const over = daysBetween(ISO_DAY.fromDate(candidate.endsOn), local.date);
    if (over < 1 || over > ENDED_MAIL_WITHIN_DAYS || local.hour < ENDED_MAIL_HOUR) continue;
    if (await announce(candidate, now, send)) sent += 1;
  }
  return sent;
}
