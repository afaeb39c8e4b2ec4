import { Timestamp } from '@/components/time/timestamp';
import type { SecurityEventView } from '@/lib/auth/security-log';

const ATTENTION = new Set(['sign_in_failed', 'second_step_failed']);

/** Settings → Security log: the member's last 50 security events, newest first. */
export function SecurityLog({ events }: { events: SecurityEventView[] }) {
  if (!events.length) return <p className="text-sm text-neutral-600">Nothing yet. Sign-ins and changes to how you sign in will show here.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your security log, newest first</caption>
        <thead className="text-xs text-neutral-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">When</th>
            <th scope="col" className="py-2 pr-4 font-medium">What</th>
            <th scope="col" className="py-2 font-medium">Browser</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {events.map((event) => (
            <tr key={event.id} data-testid="security-event">
              <td className="py-2 pr-4 whitespace-nowrap text-neutral-700"><Timestamp value={event.at} /></td>
              <td className="py-2 pr-4 text-neutral-900">
                <span className={ATTENTION.has(event.kind) ? 'font-semibold text-danger-600' : 'font-medium'}>{event.text}</span>
                {event.detail ? <span className="text-neutral-700"> · {event.detail}</span> : null}
              </td>
              <td className="py-2 text-neutral-700">{event.browser ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
