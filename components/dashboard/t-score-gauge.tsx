import { useId } from 'react';
import { gaugeLabel } from '@/lib/scores/gauge';

const WIDTH = 240;
const CX = 120;
const CY = 120;
const R = 96;
const STROKE = 18;

/** The point on the arc for a value 0..100 (0 at the left, 100 at the right). */
function at(value: number, radius = R): [number, number] {
  const angle = Math.PI * (1 - value / 100);
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

function arc(from: number, to: number): string {
  const [x1, y1] = at(from);
  const [x2, y2] = at(to);
  return `M ${x1} ${y1} A ${R} ${R} 0 0 1 ${x2} ${y2}`;
}

// SPEC §9: range 0..100 with thresholds 33 and 66.
const BANDS = [
  { from: 0, to: 33, className: 'stroke-danger-200' },
  { from: 33, to: 66, className: 'stroke-warning-200' },
  { from: 66, to: 100, className: 'stroke-brand-300' },
] as const;

const LABEL_TONE = { Inconclusive: 'text-neutral-600', Strained: 'text-danger-700', Developing: 'text-warning-800', Optimised: 'text-brand-800' } as const;

/**
 * The T-Score gauge. -1 is 'Inconclusive': N/A and no pointer (SPEC §4). The tooltip (on hover or
 * keyboard focus) names the factors that moved the score.
 */
export function TScoreGauge({ score, summary, tooltip = summary }: { score: number; summary: string; tooltip?: string }) {
  const label = gaugeLabel(score);
  const tooltipId = useId();
  const known = label !== 'Inconclusive';
  const [px, py] = at(Math.min(100, Math.max(0, score)), R - STROKE / 2 - 8);
  return (
    <div className="flex flex-col items-center">
      <svg
        role="img"
        aria-label={known ? `T-Score ${score} out of 100: ${label}` : 'T-Score not available: Inconclusive'}
        viewBox={`0 0 ${WIDTH} 132`}
        className="w-full max-w-60"
      >
        {BANDS.map((band) => (
          <path key={band.from} d={arc(band.from, band.to)} fill="none" strokeWidth={STROKE} className={band.className} />
        ))}
        {known ? (
          <g data-testid="gauge-pointer">
            <line x1={CX} y1={CY} x2={px} y2={py} strokeWidth={4} strokeLinecap="round" className="stroke-neutral-900" />
            <circle cx={CX} cy={CY} r={7} className="fill-neutral-900" />
          </g>
        ) : null}
      </svg>
      <p aria-hidden className="-mt-1 text-4xl font-semibold tracking-tight text-neutral-950 tabular-nums">
        {known ? score : 'N/A'}
      </p>
      <div className="group relative mt-1 flex items-center gap-1.5">
        <p className={`text-sm font-semibold ${LABEL_TONE[label]}`} data-testid="gauge-label">
          {label}
        </p>
        <button
          type="button"
          aria-describedby={tooltipId}
          aria-label="What moved my T-Score"
          className="flex size-6 items-center justify-center rounded-full text-neutral-500 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path fillRule="evenodd" clipRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.25v2.75a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 10 9H9Z" />
          </svg>
        </button>
        <div
          id={tooltipId}
          role="tooltip"
          className="invisible absolute top-full left-1/2 z-20 mt-2 w-72 -translate-x-1/2 rounded-control bg-neutral-900 px-3 py-2 text-xs leading-relaxed text-white opacity-0 shadow-card transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        >
          {tooltip}
        </div>
      </div>
    </div>
  );
}
