import type { APIRequestContext, APIResponse } from '@playwright/test';

let registrations = 0;

/**
 * Registers through the real call, as a client of its own. /api/register allows 10 per IP an hour,
 * and the whole suite runs from one machine; the e2e database (and so the counters) is new each run.
 */
export function registerViaApi(
  request: APIRequestContext,
  data: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<APIResponse> {
  registrations += 1;
  const ip = `198.18.${Math.floor(registrations / 250)}.${(registrations % 250) + 1}`;
  return request.post('/api/register', { data, headers: { 'x-forwarded-for': ip } });
}
