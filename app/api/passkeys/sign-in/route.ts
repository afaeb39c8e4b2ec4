import { methods, route } from '@/lib/api/route';
import { verifyPasskey } from '@/lib/auth/passkeys';
import { signedInResponse } from '@/lib/auth/sessions';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { passkeySignInSchema } from '@/lib/validation/sign-in-factors';

/** POST /api/passkeys/sign-in {response}: signs in with a passkey, which counts as both factors (no second step). */
const signIn = route(
  { auth: 'none', body: passkeySignInSchema, rateLimit: { action: 'login', limits: ({ request }) => [{ name: 'login:ip', identifier: clientIp(request), ...LIMITS.loginPerIp }] } },
  async ({ request, body }) => {
    const { id, email, firstName } = await verifyPasskey(body.response as never, null);
    return signedInResponse(request, { id, email, firstName }, { method: 'passkey', verified: true });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: signIn });
