import Link from 'next/link';
import type { ExperimentSummary } from '@/lib/experiments/contract';
import { DESIGN_LABELS, progressText } from '@/lib/experiments/progress-words';
import { formatDateAt, formatDateGB } from '@/lib/format';

/** The experiments that ended, newest first as the store lists them, each with its answer in words. */
export function PastExperiments({ experiments, sentences, timeZone }: { experiments: ExperimentSummary[]; sentences: ReadonlyMap<string, string>; timeZone: string }) {
  return (
    <ul aria-label="Past experiments" className="divide-y divide-neutral-100">
      {experiments.map((experiment) => (
        <li key={experiment.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <Link href={`/experiments/${encodeURIComponent(experiment.id)}`} prefetch={false} className="self-start font-medium text-brand-700 underline-offset-2 hover:underline">
            {experiment.change}
          </Link>
          <p className="text-xs text-neutral-600 tabular-nums">
            {formatDateGB(experiment.baselineFrom)} – {experiment.stoppedAt ? formatDateAt(experiment.stoppedAt, timeZone) : formatDateGB(experiment.endsOn)} · {DESIGN_LABELS[experiment.design]} · {progressText(experiment)}
          </p>
          {sentences.get(experiment.id) ? <p className="text-sm text-neutral-900">{sentences.get(experiment.id)}</p> : null}
        </li>
      ))}
    </ul>
  );
}
