import 'server-only';
import { createHash } from 'node:crypto';

// What a doctor's browser gets for a share link that has expired or was withdrawn: a short page in the
// product's colours (app/globals.css) and its not-found page's layout, not the API's JSON. It is built
// outside React, as the wearables' popup page is, so it needs no build step; its one style is allowed by hash.

export const DEAD_SHARE_TEXT = 'This link has expired or was withdrawn. Ask your patient for a new one.';

const STYLE =
  'body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;background:#f7f9f9;color:#0b1010;-webkit-font-smoothing:antialiased}' +
  'main{min-height:100vh;box-sizing:border-box;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:4rem 1.5rem;text-align:center}' +
  '.eyebrow{margin:2.5rem 0 0;font-size:.875rem;font-weight:600;letter-spacing:.1em;text-transform:uppercase;color:#047863}' +
  'h1{margin:.75rem 0 0;font-size:2.25rem;line-height:1.15;font-weight:600;letter-spacing:-.025em}' +
  'p.text{margin:1rem 0 0;max-width:28rem;font-size:1rem;line-height:1.625;color:#4d5c5c}';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const HTML =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<meta name="robots" content="noindex, nofollow"><title>Link no longer works · Vitality</title>' +
  `<style>${STYLE}</style></head><body><main>` +
  '<img src="/logo.svg" alt="Vitality" width="40" height="40">' +
  '<p class="eyebrow">Shared health summary</p>' +
  '<h1>This link no longer works</h1>' +
  `<p class="text">${DEAD_SHARE_TEXT}</p>` +
  '</main></body></html>';

const POLICY = `default-src 'none'; style-src ${sha256(STYLE)}; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The page, with the status the JSON answer has and the same private headers. */
export function deadSharePage(status: number, headers: Record<string, string>): Response {
  return new Response(HTML, {
    status,
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': POLICY,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept',
    },
  });
}
