import { NextResponse, type NextRequest } from 'next/server';
import {
  rolledMarker,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE_NAMES,
  SESSION_MAX_AGE_SECONDS,
  SESSION_ROLLED_COOKIE,
  sessionCookieDue,
  sessionCookieOptions,
} from '@/lib/auth/session-cookie';
import { readEnv } from '@/lib/config/env.js';
import { isSignedInRoute, LOGIN_PATH } from '@/lib/routes';
import { contentSecurityPolicy, createNonce, STRICT_TRANSPORT_SECURITY } from '@/lib/security/content-security-policy';

const PHONE_USER_AGENT = /Mobi|Android|iPhone/;

const POLICY_VARIABLES = ['APP_URL', 'NODE_ENV', 'GOOGLE_CLIENT_ID', 'APPLE_CLIENT_ID', 'VITALS_SDK_URL', 'VITALS_SDK_LICENSE'] as const;

// Read per request: the proxy runs on Node.js, so these follow the server's environment, not the build's
// (NODE_ENV aside: it is the build's mode, in every bundle).
function policyFor(nonce: string) {
  const config = readEnv(POLICY_VARIABLES);
  const https = config.APP_URL.startsWith('https://');
  const csp = contentSecurityPolicy({
    nonce,
    development: config.NODE_ENV === 'development',
    https,
    google: Boolean(config.GOOGLE_CLIENT_ID),
    apple: Boolean(config.APPLE_CLIENT_ID),
    vitalsSdk: config.VITALS_SDK_URL && config.VITALS_SDK_LICENSE ? config.VITALS_SDK_URL : null,
  });
  return { csp, https };
}

/** Every page: a fresh nonce in the CSP (Next.js reads it from the request and stamps its scripts). */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const { csp, https } = policyFor(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);

  const sessionCookie = SESSION_COOKIE_NAMES.find((name) => request.cookies.has(name));
  let response: NextResponse;
  if (PHONE_USER_AGENT.test(request.headers.get('user-agent') ?? '')) {
    response = NextResponse.rewrite(new URL('/mobile-notice', request.url), { request: { headers: requestHeaders } });
  } else if (!sessionCookie && isSignedInRoute(request.nextUrl.pathname)) {
    // A first redirect only: pages, handlers and actions check the session themselves.
    response = NextResponse.redirect(new URL(LOGIN_PATH, request.url));
  } else {
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }

  response.headers.set('content-security-policy', csp);
  if (https) response.headers.set('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  if (sessionCookie && sessionCookieDue(request.cookies.get(SESSION_ROLLED_COOKIE)?.value)) {
    // Pages cannot set cookies: the page rolls the session row (lib/auth/sessions.ts), this rolls the
    // cookie with it, once a day like the row, so that it never races a sign-out on every page.
    const expires = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
    const options = sessionCookieOptions(sessionCookie === SECURE_SESSION_COOKIE, expires);
    response.cookies.set(sessionCookie, request.cookies.get(sessionCookie)!.value, options);
    response.cookies.set(SESSION_ROLLED_COOKIE, rolledMarker(), options);
  }
  return response;
}

export const config = {
  // Pages only: API routes, webhooks, OAuth callbacks and static files pass untouched.
  matcher: ['/((?!api/|authorize/|_next/|.*\\.[a-zA-Z0-9]+$).*)'],
};
