import { Card } from '@/components/ui/card';
import type { TestosteronePoint, TestosteroneTrendResponse } from '@/lib/dashboard/contract';
import { formatDateGB } from '@/lib/format';
import { type LabUnitSystem, unitIn } from '@/lib/labs/lab-units';
import { verdictText } from '@/lib/labs/reference-change';
import { tAxis, tBand } from '../t-band';
import { TestosteroneChart } from '../charts';
import { Dash, FillPrompt } from '../primitives';
import { UPLOAD_PATH } from '@/lib/routes';

/** A bound's sign before its number ("< 17 ng/dL"): the lab gave a limit, not an exact value. */
export const boundText = (point: TestosteronePoint): string => (point.comparator ? `${{ '<': '<', '<=': '≤', '>': '>', '>=': '≥' }[point.comparator]} ` : '');

/**
 * The legend of the chart's band, in the member's units (`labRange` is in them): the range the lab printed
 * beside the latest result (no screen shows a typical range where the lab printed one), or
 * SPEC's typical 400–800 ng/dL where it printed none.
 */
export function bandWords(labRange: { low: number | null; high: number | null } | undefined, system: LabUnitSystem): string {
  const band = tBand(labRange, system);
  const unit = unitIn('total_testosterone', system);
  if (!band.lab) return `Typical range ${band.from}–${band.to} ${unit}`;
  const { low, high } = labRange!;
  return `Your lab’s range ${low !== null && high !== null ? `${low}–${high}` : low !== null ? `above ${low}` : `below ${high}`} ${unit}`;
}

/** The testosterone results over time, with the lab's range (or the typical one), or how to add the first; in the member's units. */
export function TResultsCard({ trend: data }: { trend: TestosteroneTrendResponse }) {
  // The figures the lab printed, in the member's units (the API's `shown`); ng/dL as the SPEC gives them without it.
  const shown = data.shown ?? { unit: 'ng/dL', points: data.data.map((point) => point.raw), lab_range: data.lab_range };
  const points = data.data.map((point, index) => ({ ...point, raw: shown.points[index] ?? point.raw }));
  const latest = points.at(-1);
  // The member's system is the one the API's `shown` is in (its unit says which).
  const system: LabUnitSystem = shown.unit === unitIn('total_testosterone', 'si') ? 'si' : 'conventional';
  return (
    <Card title="T-Results" className="col-span-2" header={latest ? <p className="text-sm text-neutral-600">Latest: <span className="font-semibold text-neutral-900">{boundText(latest)}{latest.raw} {shown.unit}</span></p> : null}>
      {points.length ? (
        <>
          <div className="h-52">
            <TestosteroneChart points={points} band={tBand(shown.lab_range, system)} axis={tAxis(system)} unit={shown.unit} />
          </div>
          <p className="mt-2 flex items-center gap-2 text-xs text-neutral-600">
            <span aria-hidden className="inline-block h-3 w-5 rounded-sm bg-brand-500/15" /> {bandWords(shown.lab_range, system)}
          </p>
          {shown.change ? (
            <p className="mt-1 text-xs text-neutral-600" data-testid="t-results-change">
              Since {formatDateGB(shown.change.since)}: <span className={shown.change.verdict.real ? 'font-semibold text-neutral-900' : undefined}>{verdictText(shown.change.verdict)}</span> (
              <a href={shown.change.verdict.source.url} className="text-brand-700 underline underline-offset-2" target="_blank" rel="noreferrer" title={shown.change.verdict.source.name}>
                how much testosterone varies
              </a>
              ).
            </p>
          ) : null}
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
