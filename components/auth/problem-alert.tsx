import { Alert } from '@/components/ui/alert';
import type { Problem } from '@/lib/client/problem';

/** A form's error alert (role=alert); renders nothing while there is no problem. */
export function ProblemAlert({ problem, className }: { problem: Problem | null; className?: string }) {
  if (!problem) return null;
  return (
    <Alert variant="error" title={problem.title} className={className}>
      {problem.detail}
    </Alert>
  );
}
