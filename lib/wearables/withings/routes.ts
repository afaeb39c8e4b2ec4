import 'server-only';
import type { RouteHandler } from '@/lib/api/route';

/** Withings checks the callback with a HEAD (and may GET it): a quick, empty 200. */
export const withingsProbe: RouteHandler = async () => new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
