import { redirect } from 'next/navigation';
import { DASHBOARD_PATH } from '@/lib/client/auth-state';

/** /dashboard: the older screens' target (SPEC §2); the dashboard lives at /main_dashboard, which checks the session itself. */
export default function DashboardRedirect() {
  redirect(DASHBOARD_PATH);
}
