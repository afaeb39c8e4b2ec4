import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { EXPERIMENT_NOT_FOUND, markExperimentDay } from '@/lib/experiments/store';
import { experimentDaySchema } from '@/lib/validation/experiments';

/** PUT /api/experiments/{id}/days/{YYYY-MM-DD} {didIt?, ill?, travelling?, drinking?}: that day's answers (the parts sent); the day's mark back. Two first saves of one day at once: the second is a 409. */
const mark = route({ auth: 'user', body: experimentDaySchema, conflictMessage: 'This day was being saved at the same moment. Please try again.' }, async ({ user, params, body }) => {
  const saved = await markExperimentDay(user, params.id ?? '', params.day ?? '', body);
  if (!saved) throw new ApiError(404, EXPERIMENT_NOT_FOUND);
  return NextResponse.json(saved, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ PUT: mark });
