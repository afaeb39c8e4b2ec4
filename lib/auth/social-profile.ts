import { z } from 'zod';

export type SocialProvider = 'google' | 'apple';

/** Who a provider vouches for, after the server has checked the provider's token itself. */
export type SocialProfile = {
  provider: SocialProvider;
  /** The provider's stable user id (`sub`); the email can change, this cannot. */
  subject: string;
  /** Lower-cased and trimmed. */
  email: string;
  emailVerified: true;
  firstName: string | null;
  lastName: string | null;
};

const emailSchema = z.email();

/** The address in the form accounts are keyed by, or null when it is not an address. */
export function normalizeEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : null;
}

/** A provider-supplied name part: trimmed, and blank counts as absent. */
export function namePart(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
