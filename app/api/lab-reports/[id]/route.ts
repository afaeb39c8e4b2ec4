import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { labReportReview, removeLabReport } from '@/lib/labs/reports';

/** GET /api/lab-reports/{id}: what was read from the member's own report, to reopen its review (UploadAnswer's shape). */
const review = route({ auth: 'user' }, async ({ user, params }) => NextResponse.json(await labReportReview(user.id, params.id ?? ''), { headers: { 'Cache-Control': 'no-store' } }));

/** DELETE /api/lab-reports/{id}: the member's own uploaded report and its file (confirmed values stay). */
const remove = route({ auth: 'user' }, async ({ user, params }) => {
  await removeLabReport(user.id, params.id ?? '');
  return NextResponse.json({ message: 'The report was removed.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: review, DELETE: remove });
