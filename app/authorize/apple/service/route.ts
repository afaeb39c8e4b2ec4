import { createHash } from 'node:crypto';
import { discardBody, methods } from '@/lib/api/route';

// Sign in with Apple's popup lands here (redirectURI); the opener already has the answer by postMessage.
const SCRIPT = 'window.close()';
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Sign in with Apple · Vitality</title></head>
<body style="font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; color: #263030;">
<p>You can close this window.</p>
<script>${SCRIPT}</script>
</body>
</html>`;

// Only this page's one inline script may run, by its hash; nothing may load or frame it.
const CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(): Response {
  return new Response(PAGE, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': CSP },
  });
}

// Apple posts its answer here from its own site (form_post), so POST is as valid as GET.
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: async () => page(),
  POST: async (request) => {
    await discardBody(request);
    return page();
  },
});
