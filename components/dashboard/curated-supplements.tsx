import { Spinner } from '@/components/ui/spinner';
import type { AnswerOwner } from '@/lib/dashboard/answer-cache';
import { recommendationsAnswer } from '@/lib/dashboard/answers';
import { Timestamp } from '@/components/time/timestamp';
import { SupplementList } from './supplement-list';

// What POST /api/recommendations answers when the ranking fails (lib/api/route.ts), as this card said it.
const FAILED = 'Something went wrong. Please try again.';

/** /my_actions' 'Curated supplements & tools': the whole ranking, without a position (SPEC: lat and lon 0). */
export async function CuratedSupplements({ user }: { user: AnswerOwner }) {
  const answer = await recommendationsAnswer(user, { lat: 0, lon: 0 }).catch((error: unknown) => {
    console.error(`[my_actions] the curated supplements failed: ${(error as Error)?.name ?? 'Error'}`);
    return null;
  });
  if (!answer) return <p className="text-sm text-danger-700">Error: {FAILED}</p>;
  return (
    <div className="flex flex-col gap-4">
      <SupplementList items={answer.supplement_data} full />
      <p className="text-xs text-neutral-600">Next refresh: <Timestamp value={answer.next_refresh} /></p>
    </div>
  );
}

/** While the ranking runs: the page streams the supplements in after today's actions. */
export function CuratedSupplementsLoading() {
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-600">
      <Spinner decorative className="size-4" /> Loading your supplements…
    </div>
  );
}
