import 'server-only';
import { createHash } from 'node:crypto';
import { env } from '@/lib/env';
import { escapeHtml as escape } from '@/lib/html';

// What the authorisation popup shows when the provider sends it back: on success it tells its opener
// `{source, connected: true}` (to the app's own origin only) and closes; on failure it says SPEC's
// 'Failed to integrate {provider}' and offers to close. Its one script and style are allowed by hash.

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f8f7;color:#0a0a0a}' +
  'main{max-width:22rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}p{color:#404040;margin:0 0 1.25rem}' +
  'button{font:inherit;font-weight:600;color:#fff;background:#0f6b57;border:0;border-radius:.75rem;padding:.6rem 1.2rem;cursor:pointer}';

export function popupPage(result: { ok: true; source: string } | { ok: false; name: string }): Response {
  const origin = new URL(env.APP_URL).origin;
  const script = result.ok
    ? `if(window.opener){window.opener.postMessage(${JSON.stringify({ source: result.source, connected: true })},${JSON.stringify(origin)});}window.close();`
    : `document.getElementById('close').addEventListener('click',function(){window.close();});`;
  const body = result.ok
    ? `<h1>Connected</h1><p>You can close this window.</p>`
    : `<h1>${escape(`Failed to integrate ${result.name}`)}</h1><p>Nothing was connected. Close this window and try again.</p><button id="close" type="button">Close window</button>`;
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${result.ok ? 'Connected' : 'Connection failed'}</title><style>${STYLE}</style></head><body><main>${body}</main><script>${script}</script></body></html>`;
  return new Response(html, {
    status: result.ok ? 200 : 400,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  });
}
