import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CheckoutConfirmed, ConfirmingPayment } from '@/components/billing/checkout-return';
import { ManageSubscriptionButton } from '@/components/billing/manage-subscription-button';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button-styles';
import { createCheckoutSession, syncReturnedCheckout } from '@/lib/billing/checkout';
import { billingEnabled } from '@/lib/billing/stripe';
import { dashboardAccess } from '@/lib/billing/subscriptions';
import { DashboardView } from '@/components/dashboard/dashboard-view';
import { dashboardData } from '@/lib/dashboard/page-data';
import { runningExperiment } from '@/lib/experiments/store';
import { requireOnboardedUser } from '@/lib/onboarding/guard';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Dashboard' };

type Props = { searchParams: Promise<{ session_id?: string | string[] }> };

/**
 * SPEC §4 "Dashboard load", in its order: the session, the first missing onboarding step, then the
 * subscription. Without one, the user goes to checkout; back from it, the subscription is confirmed
 * with Stripe at once, and the page waits for the webhook only when Stripe has not finished.
 */
export default async function MainDashboardPage({ searchParams }: Props) {
  const user = await requireOnboardedUser();
  const sessionId = [(await searchParams).session_id].flat()[0];
  let pastDue = false;
  if (billingEnabled()) {
    if (sessionId) await syncReturnedCheckout(user.id, sessionId);
    const access = await dashboardAccess(user.id);
    if (!access.open) {
      if (sessionId) return <ConfirmingPayment />;
      const checkout = await createCheckoutSession(user.id).catch(() => null);
      if (!checkout) return <CheckoutUnavailable />;
      redirect(checkout.url);
    }
    pastDue = access.pastDue;
  }
  const [data, experiment] = await Promise.all([dashboardData(user), runningExperiment(user)]);
  return (
    <>
      {sessionId || pastDue ? (
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-8 pt-8">
          {sessionId ? <CheckoutConfirmed /> : null}
          {pastDue ? (
            <Alert variant="warning" title="Your last payment failed">
              <div className="flex flex-col items-start gap-3">
                <p>Your card will be tried again over the next days. Update your payment method to keep your plan.</p>
                <ManageSubscriptionButton variant="secondary">Update payment method</ManageSubscriptionButton>
              </div>
            </Alert>
          ) : null}
        </div>
      ) : null}
      <DashboardView data={{ ...data, experiment }} />
    </>
  );
}

/** Stripe did not answer: the user learns what happened and can try again, instead of an error page. */
function CheckoutUnavailable() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Your free trial is one step away</h1>
      <Alert variant="error" title="We couldn't open the checkout">
        The payment page did not load. Please try again in a moment.
      </Alert>
      {/* A full load, so the gate runs again. */}
      <a href={DASHBOARD_PATH} className={buttonClassName({ className: 'self-start' })}>
        Try again
      </a>
    </main>
  );
}
