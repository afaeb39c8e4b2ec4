import { jsonError, methods, type RouteHandler } from '@/lib/api/route';
import { sessionUserFromRequest } from '@/lib/auth/sessions';
import { popupPage } from '@/lib/wearables/authorize-popup-page';
import { isWearableKey, WEARABLE_NAMES } from '@/lib/wearables/catalogue';
import { completeConnection } from '@/lib/wearables/oauth-flow';

/**
 * GET /authorize/wearables/{wearable}?code&state (or ?error): where the provider sends the
 * authorisation popup back. The signed-in user's state is checked and the code exchanged on the
 * server; the page tells the opener `{source, connected: true}` and closes, or says what failed.
 */
const callback: RouteHandler = async (request, segment) => {
  const wearable = String((await segment?.params)?.provider ?? '');
  if (!isWearableKey(wearable)) return jsonError(404, 'Not found.');
  const search = new URL(request.url).searchParams;
  try {
    const user = await sessionUserFromRequest(request);
    if (!user) throw new Error('signed out');
    await completeConnection(user.id, wearable, { code: search.get('code'), state: search.get('state'), error: search.get('error') });
    return popupPage({ ok: true, source: wearable });
  } catch (error) {
    // The kind of failure only: the query holds a code and the provider's words.
    console.warn(`[wearables] connecting ${wearable} failed: ${error instanceof Error ? error.name === 'Error' ? error.message : error.name : 'unknown error'}`);
    return popupPage({ ok: false, name: WEARABLE_NAMES[wearable] });
  }
};

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: callback });
