import { socialSignInConfig } from '@/lib/auth/social-config';
import { SocialSignIn } from './social-sign-in';
import { TextDivider } from './text-divider';

/**
 * The Google and Apple buttons with the divider that leads on to the e-mail form. With neither
 * provider configured there is nothing to divide, so the e-mail form stands alone.
 */
export function SocialSignInSection({ divider }: { divider: string }) {
  const config = socialSignInConfig();
  if (!config.googleClientId && !config.appleClientId) return null;
  return (
    <>
      <SocialSignIn {...config} />
      <TextDivider>{divider}</TextDivider>
    </>
  );
}
