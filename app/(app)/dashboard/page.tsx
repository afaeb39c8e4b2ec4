import { requireUser } from '@/lib/auth/sessions';
import { redirectHome } from '@/lib/onboarding/guard';

/** /dashboard: the older screens' target (SPEC §2); one redirect to the dashboard, or to where onboarding resumes. */
export default async function DashboardRedirect() {
  return redirectHome((await requireUser()).id);
}
