// The sign-in security browser tests (sign-in-security.spec.ts) need a server on a domain name: a passkey is bound to its site's domain, and
// browsers refuse an IP address (the other servers' 127.0.0.1) as one. This server is the same build at
// http://localhost:<port>, on a database of its own, with no demo (its tests sign up).
const appPort = Number(process.env.E2E_PORT ?? '3100');

export const E2E_SECURITY_PORT = String(appPort + 3);
export const E2E_SECURITY_URL = `http://localhost:${E2E_SECURITY_PORT}`;
export const E2E_SECURITY_DATABASE_URL = process.env.E2E_SECURITY_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vt_e2e_security';
