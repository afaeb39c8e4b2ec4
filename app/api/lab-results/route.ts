import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { saveLabResults } from '@/lib/labs/reports';
import { labResultsSchema } from '@/lib/validation/labs';

/** POST /api/lab-results {report_id?, taken_on, results}: the values the member confirmed on the review screen. */
const save = route({ auth: 'user', body: labResultsSchema }, async ({ user, body }) =>
  NextResponse.json(await saveLabResults(user.id, body), { status: 201, headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: save });
