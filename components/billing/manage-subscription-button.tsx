'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { getJson, postJson, stringField } from '@/lib/client/api-call';
import type { Problem } from '@/lib/client/problem';

const NO_CUSTOMER = 'Customer ID not found. Please try again later.';
const PORTAL_FAILED = 'Failed to create portal session. Please try again later.';

/** Opens Stripe's billing portal for the signed-in user's own customer, in this tab (SPEC §7). */
export function ManageSubscriptionButton({ children = 'Manage subscription', variant }: { children?: string; variant?: ButtonProps['variant'] }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function open() {
    setBusy(true);
    setProblem(null);
    try {
      const customer = await getJson('/api/get-customer-id');
      const customerId = customer.ok ? stringField(customer, 'customer_id') : undefined;
      if (!customerId) return fail({ title: NO_CUSTOMER });
      const portal = await postJson('/api/create-portal-session', { customer_id: customerId });
      const url = portal.ok ? stringField(portal, 'url') : undefined;
      if (!url) return fail({ title: PORTAL_FAILED });
      // Stays busy while the portal loads.
      window.location.assign(url);
    } catch {
      fail({ title: PORTAL_FAILED });
    }
  }

  function fail(next: Problem) {
    setProblem(next);
    setBusy(false);
  }

  return (
    <div className="flex flex-col items-start gap-3">
      <Button variant={variant} loading={busy} onClick={() => void open()}>
        {children}
      </Button>
      <ProblemAlert problem={problem} className="w-full" />
    </div>
  );
}
