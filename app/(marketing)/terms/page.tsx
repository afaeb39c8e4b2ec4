import type { Metadata } from 'next';
import { LegalDocument } from '@/components/legal/legal-document';
import { billingEnabled } from '@/lib/billing/stripe';
import { legalLinks } from '@/lib/legal';

// TEMPLATE: the operator replaces this text with their own reviewed terms (or sets TERMS_URL); see README "Legal pages".
export const metadata: Metadata = { title: 'Terms and Conditions' };

const UPDATED = '1 January 2026';
const CONTACT = 'support@vitality.example';

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      updated={UPDATED}
      intro={<p>These terms cover your use of Vitality. By creating an account you agree to them, so please read them carefully.</p>}
      sections={[
        {
          heading: 'What Vitality is',
          body: (
            <p>
              Vitality helps you track habits, check-ins and wearable data related to longevity and testosterone health. It gives
              general wellness information only. It is not medical advice, and it does not diagnose or treat any condition. Talk to
              your doctor before changing any treatment.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              You must be 18 or older to use Vitality. Keep your password to yourself and tell us at {CONTACT} if you think someone
              else has used your account. You are responsible for what happens under your account.
            </p>
          ),
        },
        billingEnabled()
          ? {
              heading: 'Free trial and subscription',
              body: (
                <p>
                  Your plan starts with a 30-day free trial. Unless you cancel before it ends, your subscription renews at the price
                  shown when you signed up. You can cancel at any time in your account settings; access continues until the end of the
                  period you paid for.
                </p>
              ),
            }
          : {
              heading: 'Subscription',
              body: <p>This service charges no subscription and asks for no card. If that ever changes, we will tell you before anything is charged.</p>,
            },
        {
          heading: 'Acceptable use',
          body: <p>Do not misuse the service: no attempts to access other people&apos;s data, disrupt the service or copy it.</p>,
        },
        {
          heading: 'Your data',
          body: (
            <p>
              How we collect and use your information is described in our <a className="font-medium text-brand-700 underline" href={legalLinks().privacy}>Privacy Policy</a>.
            </p>
          ),
        },
        {
          heading: 'Changes and contact',
          body: (
            <p>
              We may update these terms. If a change matters, we will tell you before it takes effect. Questions? Write to {CONTACT}.
            </p>
          ),
        },
      ]}
    />
  );
}
