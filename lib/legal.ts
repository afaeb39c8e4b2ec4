import 'server-only';
import { env } from '@/lib/env';

/** Where the Terms and Privacy links go: the app's own pages unless TERMS_URL / PRIVACY_URL point elsewhere. */
export function legalLinks(): { terms: string; privacy: string } {
  return { terms: env.TERMS_URL ?? '/terms', privacy: env.PRIVACY_URL ?? '/privacy' };
}

/** Settings → Legal: the provider's privacy and cookie policy (LEGAL_URL), else the privacy page. */
export function legalUrl(): string {
  return env.LEGAL_URL ?? legalLinks().privacy;
}
