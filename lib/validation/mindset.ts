import { z } from 'zod';
import { WHO5_STATEMENTS } from '@/lib/mindset/who5';

const ANSWER_MESSAGE = 'Please answer all five statements.';

/** POST /api/mindset {answers}: the Mindset form's five WHO-5 answers, 0–5 each. */
export const mindsetSchema = z
  .object({
    answers: z
      .array(z.number({ error: ANSWER_MESSAGE }).int(ANSWER_MESSAGE).min(0, ANSWER_MESSAGE).max(5, ANSWER_MESSAGE), { error: ANSWER_MESSAGE })
      .length(WHO5_STATEMENTS.length, ANSWER_MESSAGE),
  })
  .strict();
