import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE_NAMES } from '@/lib/auth/session-cookie';
import { isSignedInRoute, LOGIN_PATH } from '@/lib/routes';

const PHONE_USER_AGENT = /Mobi|Android|iPhone/;

// A first redirect only: pages, handlers and actions check the session themselves.
export function proxy(request: NextRequest) {
  if (PHONE_USER_AGENT.test(request.headers.get('user-agent') ?? '')) {
    return NextResponse.rewrite(new URL('/mobile-notice', request.url));
  }
  const signedIn = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (!signedIn && isSignedInRoute(request.nextUrl.pathname)) {
    return NextResponse.redirect(new URL(LOGIN_PATH, request.url));
  }
  return NextResponse.next();
}

export const config = {
  // Pages only: API routes, webhooks, OAuth callbacks and static files pass untouched.
  matcher: ['/((?!api/|authorize/|_next/|.*\\.[a-zA-Z0-9]+$).*)'],
};
