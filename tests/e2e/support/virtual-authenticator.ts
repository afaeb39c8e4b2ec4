import type { CDPSession, Page } from '@playwright/test';

/**
 * A platform authenticator (Touch ID, Windows Hello) for this page, through Chromium's DevTools WebAuthn
 * domain: a real WebAuthn ceremony, with no mock of the app. It keeps discoverable credentials and verifies its user.
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; credentials: () => Promise<unknown[]> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}
