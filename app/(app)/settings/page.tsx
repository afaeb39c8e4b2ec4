import type { Metadata } from 'next';
import { PageShell } from '@/components/page-shell';
import { ManageSubscriptionButton } from '@/components/billing/manage-subscription-button';
import { LinkedAccountsCard } from '@/components/security/linked-accounts-card';
import { PasskeysCard } from '@/components/security/passkeys-card';
import { RememberedBrowsersCard } from '@/components/security/remembered-browsers-card';
import { SecurityLog } from '@/components/security/security-log';
import { SessionsCard } from '@/components/security/sessions-card';
import { TwoStepCard } from '@/components/security/two-step-card';
import { DeleteAccount } from '@/components/settings/delete-account';
import { DownloadDataButton } from '@/components/settings/download-data-button';
import { NotificationsForm } from '@/components/settings/notifications-form';
import { LabUnitsForm, UnitsForm } from '@/components/settings/units-form';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { ExternalLinkIcon } from '@/components/ui/external-link-icon';
import { hasPassword } from '@/lib/auth/accounts';
import { linkedProviders } from '@/lib/auth/linked-accounts';
import { listPasskeys } from '@/lib/auth/passkeys';
import { listRememberedBrowsers } from '@/lib/auth/second-step';
import { securityEvents } from '@/lib/auth/security-log';
import { listSessions } from '@/lib/auth/session-list';
import { currentSessionToken, requireUser } from '@/lib/auth/sessions';
import { socialSignInConfig } from '@/lib/auth/social-config';
import { twoStepStatus } from '@/lib/auth/totp';
import { relyingParty } from '@/lib/auth/webauthn';
import { hasStripeCustomer } from '@/lib/billing/checkout';
import { billingEnabled } from '@/lib/billing/stripe';
import { subscriptionInWords } from '@/lib/billing/status-words';
import { currentSubscription, OPEN_STATUSES } from '@/lib/billing/subscriptions';
import { DASHBOARD_PATH } from '@/lib/routes';
import { legalUrl } from '@/lib/legal';
import { labUnits } from '@/lib/labs/lab-units-preference';
import { unitsPreference } from '@/lib/profile/units-preference';
import { notificationPreferences } from '@/lib/reminders/preferences';

export const metadata: Metadata = { title: 'Settings' };

/** /settings (SPEC §2 "Settings"): Subscription, sign-in security (docs/security.md), Legal, Notifications, Units, Download my data and Delete account. */
export default async function SettingsPage() {
  const user = await requireUser();
  const [{ units_preference }, labSystem] = await Promise.all([unitsPreference(user.id), labUnits(user.id)]);
  return (
    <PageShell title="Settings" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}>
      {billingEnabled() ? <SubscriptionSection userId={user.id} /> : <BillingOff />}
      <SignInSecurity userId={user.id} />
      <NotificationsSection userId={user.id} />
      <Card title="Units">
        <div className="flex flex-col gap-6">
          <UnitsForm initial={units_preference} />
          <LabUnitsForm initial={labSystem} />
        </div>
      </Card>
      <Card title="Legal">
        <p className="text-sm text-neutral-700">How we collect, use and protect your data, and how we use cookies.</p>
        <a href={legalUrl()} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: 'secondary', className: 'mt-4' })}>
          Privacy and cookie policy
          <span className="sr-only"> (opens in a new tab)</span>
          <ExternalLinkIcon className="text-neutral-500" />
        </a>
      </Card>
      <Card title="Download my data">
        <p className="text-sm text-neutral-700">
          A ZIP file with everything you have given Vitality and everything it has worked out for you: a spreadsheet (CSV) per kind of record, your profile, your uploaded blood tests, and a
          FHIR file your doctor&apos;s system can import.
        </p>
        <DownloadDataButton />
      </Card>
      <Card title="Delete account">
        <DeleteAccount />
      </Card>
    </PageShell>
  );
}

/** Sign-in security (docs/security.md): passkeys, the second step, the signed-in browsers and the member's security log. */
async function SignInSecurity({ userId }: { userId: string }) {
  const [passkeys, twoStep, sessions, remembered, events, password, providers] = await Promise.all([
    listPasskeys(userId),
    twoStepStatus(userId),
    currentSessionToken().then((token) => listSessions(userId, token)),
    listRememberedBrowsers(userId),
    securityEvents(userId),
    hasPassword(userId),
    linkedProviders(userId),
  ]);
  const social = socialSignInConfig();
  const passkeysOn = relyingParty() !== null;
  return (
    <>
      <Card title="Passkeys">
        <PasskeysCard available={passkeysOn} passkeys={passkeys} instead={!password ? 'provider' : twoStep.enabled ? 'password-and-code' : twoStep.available ? 'password-offer-code' : 'password'} />
      </Card>
      <Card title="Two-step verification">
        <TwoStepCard enabled={twoStep.enabled} available={twoStep.available} recoveryCodesLeft={twoStep.recoveryCodesLeft} hasPassword={password} passkeys={passkeysOn} />
      </Card>
      {twoStep.enabled || remembered.length > 0 ? (
        <Card title="Remembered browsers">
          <RememberedBrowsersCard browsers={remembered} />
        </Card>
      ) : null}
      {social.googleClientId || social.appleClientId || providers.length > 0 ? (
        <Card title="Google and Apple">
          <LinkedAccountsCard linked={providers} {...social} />
        </Card>
      ) : null}
      <Card title="Signed-in browsers">
        <SessionsCard sessions={sessions} />
      </Card>
      <Card title="Security log">
        <SecurityLog events={events} />
      </Card>
    </>
  );
}

/** Every IANA zone the server knows, with the user's own first kept even if it is not listed (UTC). */
function zoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  return [...(zones.includes(current) ? [] : [current]), ...zones].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

async function NotificationsSection({ userId }: { userId: string }) {
  const preferences = await notificationPreferences(userId);
  return (
    <Card title="Notifications">
      <NotificationsForm initial={{ enabled: preferences.notifications_enabled, timeZone: preferences.time_zone }} zones={zoneOptions(preferences.time_zone)} />
    </Card>
  );
}

function BillingOff() {
  return (
    <Card title="Subscription">
      <p className="text-sm font-semibold text-neutral-900">No subscription needed</p>
      <p className="mt-1 text-sm text-neutral-600">Your dashboard is open to you without a subscription, and you won’t be charged.</p>
    </Card>
  );
}

async function SubscriptionSection({ userId }: { userId: string }) {
  const [subscription, customer] = await Promise.all([currentSubscription(userId), hasStripeCustomer(userId)]);
  const open = subscription !== null && OPEN_STATUSES.includes(subscription.status);
  return (
    <Card title="Subscription">
      <dl className="grid grid-cols-[8rem_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-neutral-600">Plan</dt>
        <dd className="font-medium text-neutral-900">{subscription ? 'Vitality membership' : '—'}</dd>
        <dt className="text-neutral-600">Status</dt>
        <dd className="font-medium text-neutral-900">{subscriptionInWords(subscription)}</dd>
      </dl>
      <div className="mt-6 flex flex-wrap items-start gap-3">
        {customer ? <ManageSubscriptionButton /> : null}
        {open ? null : (
          // The dashboard's gate opens the checkout for the 30-day free trial.
          <a href={DASHBOARD_PATH} className={buttonClassName({ variant: customer ? 'secondary' : 'primary' })}>
            {subscription ? 'Subscribe again' : 'Start your free trial'}
          </a>
        )}
      </div>
      <p className="mt-6 text-xs text-neutral-600">
        Payments are handled by Stripe. You can change your card, download invoices or cancel in the billing portal.
      </p>
    </Card>
  );
}
