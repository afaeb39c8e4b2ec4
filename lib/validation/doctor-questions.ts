import { z } from 'zod';
import { DOCTOR_QUESTIONS_MAX } from './doctor-questions-limit';

export const DOCTOR_QUESTIONS_TOO_LONG = `Please keep your questions under ${DOCTOR_QUESTIONS_MAX.toLocaleString('en-GB')} characters.`;

/** POST /api/doctor-questions {questions}: the member's questions for their doctor, several lines; blank clears them. */
export const doctorQuestionsSchema = z
  .object({
    questions: z.string({ error: 'Please write your questions as text.' }).max(DOCTOR_QUESTIONS_MAX, DOCTOR_QUESTIONS_TOO_LONG),
  })
  .strict();
