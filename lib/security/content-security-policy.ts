// Edge-safe: the proxy builds each page's policy from this, with no database or env access.
import { APPLE_SDK_URL, GOOGLE_SDK_URL } from '@/lib/identity-sdks';

export type PolicyOptions = {
  nonce: string;
  /** React's dev tooling needs eval; production never does. */
  development: boolean;
  https: boolean;
  google: boolean;
  apple: boolean;
  /** The vendor scan SDK's script (VITALS_SDK_URL), when one is configured. */
  vitalsSdk?: string | null;
};

// Google Identity Services fetches, frames and styles from its /gsi/ path (Google's CSP guide).
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
// Sign in with Apple JS talks to appleid.apple.com from its popup and frames.
const APPLE_ID = 'https://appleid.apple.com';

/** A random per-request nonce, base64 as CSP expects. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The Content-Security-Policy of an HTML page: nonce-bound scripts, and third-party origins only when their sign-in is on. */
export function contentSecurityPolicy({ nonce, development, https, google, apple, vitalsSdk = null }: PolicyOptions): string {
  const only = (on: boolean, ...sources: string[]) => (on ? sources : []);
  const frames = [...only(google, GOOGLE_GSI), ...only(apple, APPLE_ID)];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'wasm-unsafe-eval' compiles WebAssembly (the scan's face finder, lib/client/face-finder.ts) and nothing
    // else: no eval of JavaScript. On every page, because a page reached by client-side navigation keeps the
    // policy of the page the visitor arrived on.
    ['script-src', "'self'", `'nonce-${nonce}'`, "'wasm-unsafe-eval'", ...only(development, "'unsafe-eval'"), ...only(google, GOOGLE_SDK_URL), ...only(apple, APPLE_SDK_URL), ...only(Boolean(vitalsSdk), vitalsSdk ?? '')],
    // React renders style attributes (next/image among others), which a style nonce cannot cover.
    ['style-src', "'self'", "'unsafe-inline'", ...only(google, `${GOOGLE_GSI}style`)],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...only(google, GOOGLE_GSI), ...only(apple, APPLE_ID), ...only(Boolean(vitalsSdk), vitalsSdk ? new URL(vitalsSdk).origin : '')],
    ['media-src', "'self'", 'blob:'],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...only(https, 'upgrade-insecure-requests').map((d): [string] => [d]),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** HSTS for a site served over HTTPS: two years, as hstspreload.org asks of subdomain-free sites. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000';
