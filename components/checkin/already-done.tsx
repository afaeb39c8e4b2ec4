import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button-styles';
import { Timestamp } from '@/components/time/timestamp';
import { DASHBOARD_PATH } from '@/lib/routes';

/** A check-in already done for its period (SPEC §8's text), when the next one opens, and the way back. */
export function AlreadyDone({ title, nextRefresh }: { title: string; nextRefresh: string }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert variant="success" title={title}>
        Next available: <Timestamp value={nextRefresh} />
      </Alert>
      <Link href={DASHBOARD_PATH} className={buttonClassName()}>
        Go to my dashboard
      </Link>
    </div>
  );
}
