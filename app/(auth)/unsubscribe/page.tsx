import type { Metadata } from 'next';
import { UnsubscribeForm } from '@/components/reminders/unsubscribe-form';
import { Alert } from '@/components/ui/alert';

export const metadata: Metadata = { title: 'Reminder e-mails' };

/** Where a reminder's unsubscribe link lands: no sign-in needed; the button does the change. */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950">Reminder e-mails</h1>
        <p className="mt-2 text-sm text-neutral-600">Stop the evening check-in and weekly scan reminders. You can turn them back on in Settings at any time.</p>
      </div>
      {typeof token === 'string' && token ? <UnsubscribeForm token={token} /> : <Alert variant="error">This unsubscribe link is not valid.</Alert>}
    </div>
  );
}
