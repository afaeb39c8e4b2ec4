import 'server-only';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail/mailer';
import { securityChangeMail } from '@/lib/mail/security-mails';
import { browserName } from '@/lib/http/browser-name';

/**
 * The member's own security log (Settings → Security log, ASVS 5.0 V6.3.7 and V16): what happened to how
 * they sign in, and to the ways out of their data. Each row names the kind, what it concerned (a passkey's
 * name, a share link's label, how a sign-in was made) and the browser family; never a secret, a code, an
 * address or the full User-Agent.
 */
export const SECURITY_EVENT_TEXT = {
  account_created: 'Account created',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  second_step_failed: 'Wrong second-step code',
  step_up_failed: 'Wrong proof when confirming it’s you',
  totp_enabled: 'Authenticator app turned on',
  totp_disabled: 'Two-step verification turned off',
  recovery_codes_created: 'New recovery codes made',
  recovery_code_used: 'Recovery code used',
  passkey_added: 'Passkey added',
  passkey_renamed: 'Passkey renamed',
  passkey_removed: 'Passkey removed',
  password_changed: 'Password changed',
  password_reset: 'Password reset by e-mail',
  email_changed: 'E-mail address changed',
  data_downloaded: 'Data downloaded',
  device_token_created: 'Device token created',
  device_token_revoked: 'Device token revoked',
  share_link_created: 'Doctor’s share link created',
  share_link_revoked: 'Doctor’s share link withdrawn',
  session_ended: 'Signed out another browser',
  other_sessions_ended: 'Signed out everywhere else',
  remembered_browser_forgotten: 'Forgot a remembered browser',
  remembered_browsers_forgotten: 'Forgot every remembered browser',
  social_linked: 'Sign-in with a provider linked',
  social_unlinked: 'Sign-in with a provider unlinked',
} as const;

export type SecurityEventKind = keyof typeof SECURITY_EVENT_TEXT;

/** How the member signed in, in the log's words. */
export const SIGN_IN_METHOD_TEXT = {
  password: 'with password',
  'password+totp': 'with password and authenticator app',
  'password+recovery': 'with password and a recovery code',
  'password+remembered': 'with password on a remembered browser',
  passkey: 'with a passkey',
  google: 'with Google',
  apple: 'with Apple',
} as const;

export type SignInMethod = keyof typeof SIGN_IN_METHOD_TEXT;

/** Records one event for `userId`, inside `client`'s transaction when given. */
export async function recordSecurityEvent(
  userId: string,
  kind: SecurityEventKind,
  options: { request?: Request; detail?: string | null; client?: Prisma.TransactionClient } = {},
): Promise<void> {
  const { request, detail, client = db } = options;
  await client.securityEvent.create({
    data: { userId, kind, detail: detail?.slice(0, 120) ?? null, browser: request ? browserName(request.headers.get('user-agent')) : null },
  });
}

export type SecurityEventView = { id: string; kind: SecurityEventKind; text: string; detail: string | null; browser: string | null; at: string };

/** The member's latest `limit` events, newest first. */
export async function securityEvents(userId: string, limit = 50): Promise<SecurityEventView[]> {
  const rows = await db.securityEvent.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: limit });
  return rows.map((row) => {
    const kind = (row.kind in SECURITY_EVENT_TEXT ? row.kind : 'sign_in') as SecurityEventKind;
    return { id: row.id, kind, text: SECURITY_EVENT_TEXT[kind], detail: row.detail, browser: row.browser, at: row.createdAt.toISOString() };
  });
}

/** The changes to how the member signs in that are also e-mailed to them (ASVS 5.0 V6.3.7). */
const MAILED = new Set<SecurityEventKind>(['totp_enabled', 'totp_disabled', 'passkey_added', 'passkey_removed', 'password_changed', 'password_reset', 'email_changed', 'recovery_codes_created', 'social_linked', 'social_unlinked']);

/**
 * E-mails the member about a change to how they sign in, once it is stored (called after the transaction).
 * `to`: another address than the account's, e.g. the old one after an e-mail change. Sent beside the answer:
 * a mail server that is slow or down never fails the change.
 */
export function mailSecurityChange(userId: string, kind: SecurityEventKind, options: { request?: Request; detail?: string | null; to?: string } = {}): void {
  if (!MAILED.has(kind)) return;
  const browser = options.request ? browserName(options.request.headers.get('user-agent')) : null;
  void (async () => {
    const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, timeZone: true } });
    if (!user) return;
    const change = `${SECURITY_EVENT_TEXT[kind].toLowerCase()}${options.detail ? ` (${options.detail})` : ''}`;
    const mail = securityChangeMail({ firstName: user.firstName, change, browser, at: new Date(), timeZone: user.timeZone, settingsLink: new URL('/settings', env.APP_URL).toString() });
    await sendMail({ to: options.to ?? user.email, ...mail });
  })().catch((error: unknown) => console.error(`[auth] security-change e-mail failed: ${(error as Error)?.name ?? 'Error'}`));
}
