import 'server-only';
import { db } from '@/lib/db';
import { who5Reading, who5Score } from './who5';

export type MindsetAnswer = { score: number; reading: string; taken_at: string };

export async function saveMindset(userId: string, answers: number[]): Promise<MindsetAnswer> {
  const score = who5Score(answers);
  const row = await db.mindsetAssessment.create({ data: { userId, answers, score }, select: { createdAt: true } });
  return { score, reading: who5Reading(score), taken_at: row.createdAt.toISOString() };
}

/** The latest Mindset form, or null while it is still to do. */
export async function latestMindset(userId: string): Promise<MindsetAnswer | null> {
  const row = await db.mindsetAssessment.findFirst({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { score: true, createdAt: true } });
  return row ? { score: row.score, reading: who5Reading(row.score), taken_at: row.createdAt.toISOString() } : null;
}
