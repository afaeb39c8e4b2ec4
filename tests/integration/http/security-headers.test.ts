import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { client, serveAppForThisFile, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';

const app = serveAppForThisFile();

// A second server as an operator would run it behind TLS, with both social sign-ins configured.
let configured: AppServer;
beforeAll(async () => {
  configured = await startAppServer({ APP_URL: 'https://vitality.test', GOOGLE_CLIENT_ID: 'google-client.apps.example', APPLE_CLIENT_ID: 'test.vitality.service' });
}, STARTS_A_SERVER_MS);
afterAll(() => configured.stop());

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
const nonceOf = (csp: string) => directives(csp).get('script-src')!.find((v) => v.startsWith("'nonce-"))!.slice(7, -1);

const PAGES = ['/', '/login', '/signup', '/onboarding_3', '/pillars_overview', '/terms', '/privacy', '/no-such-page'];

describe('security headers on pages', () => {
  it.each(PAGES)('%s has the CSP, nosniff, referrer and permissions policies, and no HSTS over http', async (path) => {
    const res = await client(app.url).get(path);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = directives(res.headers.get('content-security-policy')!);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    // WebAssembly only, for the scan's face finder.
    expect(csp.get('script-src')).toContain("'wasm-unsafe-eval'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toBe('camera=(self), microphone=(self), geolocation=(self)');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('uses a new nonce on every response, and every script tag of the page carries it', async () => {
    const first = await client(app.url).get('/login');
    const second = await client(app.url).get('/login');
    const nonce = nonceOf(first.headers.get('content-security-policy')!);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(nonceOf(second.headers.get('content-security-policy')!)).not.toBe(nonce);

    const scripts = first.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('allows no third-party origin when social sign-in is off', async () => {
    const csp = directives((await client(app.url).get('/login')).headers.get('content-security-policy')!);
    const sources = [...csp.values()].flat();
    expect(sources.filter((s) => s.startsWith('https://'))).toEqual([]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
  });

  it("allows Google's and Apple's sign-in origins, HSTS and upgrades when configured over https", async () => {
    const res = await client(configured.url).get('/login');
    expect(res.text).toContain('Continue with Google');
    const csp = directives(res.headers.get('content-security-policy')!);
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(['https://accounts.google.com/gsi/client', 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js']),
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/', 'https://appleid.apple.com']);
    expect(csp.get('frame-src')).toEqual(['https://accounts.google.com/gsi/', 'https://appleid.apple.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000');
  });
});

describe('security headers elsewhere', () => {
  it('API responses are nosniff with the referrer policy', async () => {
    const res = await client(app.url).get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("Apple's return page allows its one inline script by hash, and nothing else", async () => {
    const res = await client(app.url).get('/authorize/apple/service');
    const script = res.text.match(/<script>([^<]*)<\/script>/)![1]!;
    const csp = directives(res.headers.get('content-security-policy')!);
    expect(csp.get('script-src')).toEqual([`'sha256-${createHash('sha256').update(script).digest('base64')}'`]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
