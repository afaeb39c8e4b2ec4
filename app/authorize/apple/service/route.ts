// Sign in with Apple's popup lands here (redirectURI); the opener already has the answer by postMessage.
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Sign in with Apple · Vitality</title></head>
<body style="font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; color: #263030;">
<p>You can close this window.</p>
<script>window.close()</script>
</body>
</html>`;

function page(): Response {
  return new Response(PAGE, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const GET = page;
export const POST = page;
