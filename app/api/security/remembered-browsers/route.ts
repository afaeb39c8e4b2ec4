import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { forgetRememberedBrowsers, listRememberedBrowsers } from '@/lib/auth/second-step';

/** GET /api/security/remembered-browsers: the browsers that skip the second step for 30 days. */
const list = route({ auth: 'user' }, async ({ user }) =>
  NextResponse.json({ browsers: await listRememberedBrowsers(user.id) }, { headers: { 'Cache-Control': 'no-store' } }),
);

/** DELETE /api/security/remembered-browsers: forgets them all (it takes access away, so no step-up). */
const forgetAll = route({ auth: 'user' }, async ({ request, user }) => {
  const forgotten = await forgetRememberedBrowsers(user.id, request);
  return NextResponse.json({ message: forgotten === 1 ? '1 browser is forgotten: it will ask for your code again.' : `${forgotten} browsers are forgotten: they will ask for your code again.`, forgotten });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, DELETE: forgetAll });
