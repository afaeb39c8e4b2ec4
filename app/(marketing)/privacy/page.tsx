import type { Metadata } from 'next';
import { LegalDocument } from '@/components/legal/legal-document';

// TEMPLATE: the operator replaces this text with their own reviewed policy (or sets PRIVACY_URL); see README "Legal pages".
export const metadata: Metadata = { title: 'Privacy Policy' };

const UPDATED = '1 January 2026';
const CONTACT = 'privacy@vitality.example';

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={UPDATED}
      intro={<p>This policy explains what Vitality collects about you, why, and the choices you have.</p>}
      sections={[
        {
          heading: 'What we collect',
          body: (
            <p>
              Your account details (name, e-mail address), the answers you give during onboarding (such as date of birth, height,
              weight, location and goals), your check-ins, and data from wearables you choose to connect.
            </p>
          ),
        },
        {
          heading: 'Why we use it',
          body: (
            <p>
              To run your account, calculate your scores and suggestions, send you messages you asked for (such as password resets),
              and keep the service secure. We do not sell your personal data.
            </p>
          ),
        },
        {
          heading: 'Who we share it with',
          body: (
            <p>
              Only service providers that help us run Vitality (hosting, payments, e-mail, transcription of voice input), under
              contracts that limit their use of your data to that purpose.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: <p>For as long as your account is open. When you delete your account, we delete your data unless the law requires us to keep it.</p>,
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You can ask for a copy of your data, correct it, or have it deleted. Write to {CONTACT} and we will answer within 30
              days.
            </p>
          ),
        },
      ]}
    />
  );
}
