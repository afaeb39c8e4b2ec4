/** Who Google or Apple says signed in. */
export type SocialProfile = {
  provider: 'google' | 'apple';
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};
