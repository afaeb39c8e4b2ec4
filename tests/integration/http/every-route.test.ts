// Every route handler under bad input (tests/integration/http/route-fuzz.ts), the first of three parts, with
// the checks that the pass finds the route files and that a method Node cannot parse is answered in JSON.
import { describe, expect, it } from '@jest/globals';
import { serveAppForThisFile } from '../../setup/app-server';
import { sendRaw } from '../../setup/raw-http';
import { fuzzRoutes, FUZZ_PARTS, ROUTES, routesOfPart } from './route-fuzz';

const app = serveAppForThisFile();

describe('every route handler under bad input', () => {
  it('finds the route files, and shares every one of them out to one part of the pass', () => {
    expect(ROUTES).toEqual(expect.arrayContaining(['/api/login', '/api/register', '/api/set-user-info', '/api/transcribe', '/api/auth/session', '/authorize/google']));
    expect(ROUTES).toEqual(expect.arrayContaining(['/api/lab-reports/a%00b/file', '/api/notifications/a%00b/dismiss', '/api/device-tokens/a%00b/revoke']));
    expect(Array.from({ length: FUZZ_PARTS }, (_part, part) => routesOfPart(part)).flat().sort()).toEqual(ROUTES);
  });

  it('answers a method Node cannot parse with a JSON 400, and TRACE on a page with a JSON 405', async () => {
    for (const [route, method, expected] of [['/api/health', 'FOO', 400], ['/main_dashboard', 'TRACE', 405], ['/', 'TRACE', 405]] as const) {
      const answer = await sendRaw(app.url + route, method, {});
      expect([answer.status, answer.type, typeof (JSON.parse(answer.text) as { message?: unknown }).message]).toEqual([expected, 'application/json', 'string']);
    }
  });

  fuzzRoutes(app, 0);
});
