import { formatDayGB as billingDay } from '@/lib/format';
import { SubscriptionStatus } from '@/lib/generated/prisma/enums';

type Described = { status: SubscriptionStatus; trialEnd: Date | null; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean; cancelAt: Date | null };


/** A subscription's state in words, for Settings: "Free trial until 21/12/2026", "Active, renews on …", … */
export function subscriptionInWords(subscription: Described | null): string {
  if (!subscription) return 'No subscription yet';
  const ends = subscription.cancelAt ?? (subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null);
  switch (subscription.status) {
    case SubscriptionStatus.TRIALING:
      if (ends) return `Free trial, cancels on ${billingDay(ends)}`;
      return subscription.trialEnd ? `Free trial until ${billingDay(subscription.trialEnd)}` : 'Free trial';
    case SubscriptionStatus.ACTIVE:
      if (ends) return `Cancels on ${billingDay(ends)}`;
      return subscription.currentPeriodEnd ? `Active, renews on ${billingDay(subscription.currentPeriodEnd)}` : 'Active';
    case SubscriptionStatus.PAST_DUE:
    case SubscriptionStatus.UNPAID:
      return 'Payment failed';
    case SubscriptionStatus.PAUSED:
      return 'Paused';
    case SubscriptionStatus.INCOMPLETE:
      return 'Waiting for payment';
    default:
      return 'Ended';
  }
}
