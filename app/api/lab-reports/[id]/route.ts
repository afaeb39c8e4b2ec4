import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { removeLabReport } from '@/lib/labs/reports';

/** DELETE /api/lab-reports/{id}: the member's own uploaded report and its file (confirmed values stay). */
const remove = route({ auth: 'user' }, async ({ user, params }) => {
  await removeLabReport(user.id, params.id ?? '');
  return NextResponse.json({ message: 'The report was removed.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ DELETE: remove });
