import { Card } from '@/components/ui/card';
import type { ReadinessAnswer } from '@/lib/dashboard/readiness';
import { DEVICES, DEVICES_ACTION, FillPrompt, Provenance, Ring } from '../primitives';
import { formatDayMonthGB } from '@/lib/format';

const BAND = {
  go: { label: 'Go hard', chip: 'bg-brand-50 text-brand-800' },
  steady: { label: 'Steady', chip: 'bg-neutral-100 text-neutral-800' },
  ease: { label: 'Ease off', chip: 'bg-danger-50 text-danger-700' },
} as const;


/**
 * Today's readiness (docs/readiness.md): last night's HRV, resting heart rate, sleep and breathing against
 * the member's own usual, with what moved it; "Calibrating" until 4 nights make a baseline; one line saying
 * how to fill it without last night's figures.
 */
export function ReadinessCard({ readiness: r }: { readiness: ReadinessAnswer }) {
  if (r.state === 'no-data') {
    return (
      <Card title="Readiness" className="col-span-3" data-testid="readiness" data-state="no-data">
        <FillPrompt href={DEVICES} action={DEVICES_ACTION}>
          {r.detail.charAt(0).toUpperCase() + r.detail.slice(1)}
        </FillPrompt>
      </Card>
    );
  }
  if (r.state === 'calibrating') {
    return (
      <Card title="Readiness" className="col-span-3" data-testid="readiness" data-state="calibrating">
        <div className="flex items-center gap-4">
          <div role="progressbar" aria-label="Readiness baseline" aria-valuemin={0} aria-valuemax={r.needed} aria-valuenow={r.nights} className="h-2 w-40 shrink-0 overflow-hidden rounded-full bg-neutral-100">
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${(100 * r.nights) / r.needed}%` }} />
          </div>
          <p className="text-sm text-neutral-800">
            <span className="font-semibold" data-testid="readiness-calibrating">{r.detail}</span> Readiness compares last night with your own usual, so it needs {r.needed} nights of HRV or resting heart rate first.
          </p>
        </div>
      </Card>
    );
  }
  const band = BAND[r.band];
  return (
    <Card title="Readiness" className="col-span-3" data-testid="readiness" data-state="ready">
      <div className="flex items-center gap-8">
        <Ring percent={r.score} label={`Readiness ${r.score} out of 100`} size={104}>
          <span className="text-3xl font-semibold tracking-tight text-neutral-950" data-testid="readiness-score">{r.score}</span>
        </Ring>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="flex flex-wrap items-center gap-3">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${band.chip}`} data-testid="readiness-band">{band.label}</span>
            <span className="text-base font-semibold text-neutral-950">{r.headline}</span>
          </p>
          <ul className="grid grid-cols-2 gap-x-8 gap-y-1 text-sm text-neutral-700" aria-label="What moved your readiness">
            {r.factors.map((factor) => (
              <li key={factor.key} className="flex items-baseline justify-between gap-3" data-testid={`readiness-${factor.key}`}>
                <span>{factor.detail}.</span>
                <span className={`shrink-0 font-medium tabular-nums ${factor.points < 0 ? 'text-danger-700' : 'text-brand-800'}`}>
                  {factor.points > 0 ? '+' : factor.points < 0 ? '−' : '±'}
                  {Math.abs(factor.points).toFixed(1)}
                </span>
              </li>
            ))}
          </ul>
          <Provenance testId="readiness-from">
            Last night, {formatDayMonthGB(r.day)}, against your previous 4 weeks. {r.from}
          </Provenance>
        </div>
      </div>
    </Card>
  );
}
