import 'server-only';
import { db } from '@/lib/db';

/** The questions the member noted for their doctor ('' when none). */
export async function doctorQuestions(userId: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { doctorQuestions: true } });
  return user.doctorQuestions ?? '';
}

/** Keeps the member's questions (trimmed, line endings as \n); blank clears them. */
export async function saveDoctorQuestions(userId: string, questions: string): Promise<{ message: string; questions: string }> {
  const kept = questions.replace(/\r\n?/g, '\n').trim();
  await db.user.update({ where: { id: userId }, data: { doctorQuestions: kept || null } });
  return { message: kept ? 'Your questions are saved. They are in your summary for your doctor.' : 'Your questions are cleared.', questions: kept };
}
