import { Card } from '@/components/ui/card';
import type { TestosteronePoint, TestosteroneTrendResponse } from '@/lib/dashboard/contract';
import { tBand } from '../t-band';
import { TestosteroneChart } from '../lazy-charts';
import { Dash, FillPrompt } from '../primitives';
import { UPLOAD_PATH } from '@/lib/routes';

/** A bound's sign before its number ("< 17 ng/dL"): the lab gave a limit, not an exact value. */
export const boundText = (point: TestosteronePoint): string => (point.comparator ? `${{ '<': '<', '<=': '≤', '>': '>', '>=': '≥' }[point.comparator]} ` : '');

/**
 * The legend of the chart's band: the range the lab printed beside the latest result (issue 56: no screen
 * shows a typical range where the lab printed one), or SPEC's typical 400–800 ng/dL where it printed none.
 */
export function bandWords(labRange: TestosteroneTrendResponse['lab_range']): string {
  const band = tBand(labRange);
  if (!band.lab) return `Typical range ${band.from}–${band.to} ng/dL`;
  const { low, high } = labRange!;
  return `Your lab’s range ${low !== null && high !== null ? `${low}–${high}` : low !== null ? `above ${low}` : `below ${high}`} ng/dL`;
}

/** The testosterone results over time, with the lab's range (or the typical one), or how to add the first. */
export function TResultsCard({ trend: data }: { trend: TestosteroneTrendResponse }) {
  const latest = data.data.at(-1);
  return (
    <Card title="T-Results" className="col-span-2" header={latest ? <p className="text-sm text-neutral-600">Latest: <span className="font-semibold text-neutral-900">{boundText(latest)}{latest.raw} ng/dL</span></p> : null}>
      {data.data.length ? (
        <>
          <div className="h-52">
            <TestosteroneChart points={data.data} labRange={data.lab_range} />
          </div>
          <p className="mt-2 flex items-center gap-2 text-xs text-neutral-600">
            <span aria-hidden className="inline-block h-3 w-5 rounded-sm bg-brand-500/15" /> {bandWords(data.lab_range)}
          </p>
        </>
      ) : (
        <div className="flex h-52 flex-col items-start justify-center gap-2">
          <p className="text-3xl font-semibold text-neutral-950"><Dash /></p>
          <FillPrompt href={UPLOAD_PATH} action="Upload a blood test">
            No testosterone results yet.
          </FillPrompt>
        </div>
      )}
    </Card>
  );
}
