import { z } from 'zod';
import { DOCTOR_SHARE_LABEL_MAX } from './doctor-share-limit';
import { isSingleLineText } from './stored-text';

export const DOCTOR_SHARE_LABEL_INVALID = `Please keep the name to one line of ${DOCTOR_SHARE_LABEL_MAX} characters or fewer.`;

/** POST /api/doctor-summary/shares {label?}: a new share link; the label (who it is for) is optional. */
export const doctorShareSchema = z
  .object({
    label: z
      .string({ error: DOCTOR_SHARE_LABEL_INVALID })
      .trim()
      .max(DOCTOR_SHARE_LABEL_MAX, DOCTOR_SHARE_LABEL_INVALID)
      .refine(isSingleLineText, DOCTOR_SHARE_LABEL_INVALID)
      .optional(),
  })
  .strict();
