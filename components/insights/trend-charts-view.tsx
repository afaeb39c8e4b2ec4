'use client';

import { DEVICES, DEVICES_ACTION, FillPrompt, Provenance } from '@/components/dashboard/primitives';
import { TrendChart } from '@/components/dashboard/charts';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { Spinner } from '@/components/ui/spinner';
import { formatDateGB, formatMinutes } from '@/lib/format';
import type { MeasureKey, MeasureTrend, MeasureTrendsResponse, TrendRange } from '@/lib/insights/measure-trends';
import type { LastNightSleep } from '@/lib/dashboard/contract';
import { SleepStageBar } from '@/components/dashboard/sleep-stages';
import { chartId } from './chart-id';
import { measureText } from '@/lib/insights/measure-text';
import { UPLOAD_PATH } from '@/lib/routes';

const RANGES: readonly { days: TrendRange; label: string }[] = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
];

const DAY_MS = 86_400_000;

/**
 * Every day from `first` to `last` (YYYY-MM-DD, UTC), the charts' x axis. Written here rather than taken
 * from lib/days, whose codecs module would bring the profile's enum tables into this page's JavaScript.
 */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); t <= end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** What fills an empty chart, in one sentence, and where to do it. */
const EMPTY: Readonly<Partial<Record<MeasureKey, { text: string; href: string; action: string }>>> = {
  testosterone: { text: 'Your testosterone appears here from the blood tests you upload.', href: UPLOAD_PATH, action: 'Upload a blood test' },
  mood: { text: 'Your mood appears here from your daily check-ins.', href: '/daily_checkins', action: 'Check in now' },
  energy: { text: 'Your energy appears here from your daily check-ins.', href: '/daily_checkins', action: 'Check in now' },
};
const EMPTY_DEVICE = { text: 'This appears here from your imported history or a connected device.', href: DEVICES, action: DEVICES_ACTION };


/**
 * An empty testosterone chart whose member has a result from before the range: said so, with the year's
 * view one click away when the result falls in it, and the upload otherwise (so that the screens agree
 * that there is a result).
 */
function EarlierTest({ day, today, range, onRange }: { day: string; today: string; range: TrendRange; onRange?: ((range: TrendRange) => void) | undefined }) {
  const inYear = range < 365 && Date.parse(`${day}T00:00:00Z`) > Date.parse(`${today}T00:00:00Z`) - 365 * DAY_MS;
  return (
    <div className="mt-3 flex flex-col items-start gap-2 text-sm text-neutral-700">
      <p>Your last test was on {formatDateGB(day)}, before the last {RANGES.find((r) => r.days === range)?.label ?? `${range} days`}.</p>
      {inYear ? (
        // The shell has no range buttons yet (onRange): the live part brings this one with them.
        onRange ? (
          <button type="button" onClick={() => onRange(365)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            See 1 year
          </button>
        ) : null
      ) : (
        <FillPrompt href={UPLOAD_PATH} action="Upload a newer blood test">
          {null}
        </FillPrompt>
      )}
    </div>
  );
}

function Latest({ measure }: { measure: MeasureTrend }) {
  const last = measure.points.at(-1);
  if (!last) return null;
  const shown = measureText(measure, last.value);
  return (
    <p className="text-sm text-neutral-700">
      Latest <span className="font-semibold text-neutral-950 tabular-nums">{shown}</span>
    </p>
  );
}

/** The island's props (./trend-charts.tsx and ./trend-charts-live.tsx alike): the server's first range. */
export type TrendChartsProps = { initial: MeasureTrendsResponse; lastNight?: LastNightSleep | null };

export type TrendChartsViewProps = {
  /** The range whose points are shown, or are on their way. */
  range: TrendRange;
  data: MeasureTrendsResponse | undefined;
  error?: Error | null;
  /** Another range chosen; absent in the shell, whose buttons wait for the live part. */
  onRange?: (range: TrendRange) => void;
  /** Last night's stages under the sleep chart (the sleep card's). */
  lastNight?: LastNightSleep | null;
};

/**
 * /insights: each measure's chart over 30, 90 or 365 days, with the fitted line its statement quotes. The
 * page's server reads the first range, which the shell shows (the charts drawn once the live part is in);
 * the live part (./trend-charts-live.tsx) asks for another range, through TanStack Query, when the member
 * chooses it.
 */
export function TrendChartsView({ range, data, error, onRange, lastNight }: TrendChartsViewProps) {
  const days = data ? daysFrom(data.first, data.last) : [];
  return (
    <Card
      title="Your measures over time"
      className="col-span-3"
      header={
        <div role="group" aria-label="Time range" className="flex rounded-control border border-neutral-200 p-0.5">
          {RANGES.map((r) => (
            <button
              key={r.days}
              type="button"
              aria-pressed={range === r.days}
              disabled={!onRange}
              onClick={() => onRange?.(r.days)}
              className={cx(
                'rounded-[calc(var(--radius-control)-2px)] px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                range === r.days ? 'bg-brand-700 text-white' : 'text-neutral-700 hover:bg-neutral-100',
              )}
            >
              {r.label}
            </button>
          ))}
        </div>
      }
    >
      {error ? (
        <p className="text-sm text-danger-700">Error: {error.message}</p>
      ) : !data ? (
        <div className="flex items-center gap-2 text-sm text-neutral-600">
          <Spinner decorative className="size-4" /> Drawing your charts…
        </div>
      ) : (
        <>
          <p className="mb-4 text-xs text-neutral-600">Each point is one day. A dashed line is the trend over the last four weeks that a statement above quotes; the shaded band is your usual range (the middle 80% of your last 30 days).</p>
          <div className="grid grid-cols-2 gap-4" data-testid="trend-charts">
            {data.measures.map((measure) => {
              const empty = EMPTY[measure.key] ?? EMPTY_DEVICE;
              return (
                <section key={measure.key} id={chartId(measure.key)} aria-labelledby={`${chartId(measure.key)}-title`} className="scroll-mt-24 rounded-control border border-neutral-200 p-4">
                  <div className="flex items-baseline justify-between gap-3">
                    <h3 id={`${chartId(measure.key)}-title`} className="text-sm font-semibold text-neutral-900">
                      {measure.label}
                      {measure.unit ? <span className="font-normal text-neutral-600"> ({measure.unit})</span> : null}
                    </h3>
                    <Latest measure={measure} />
                  </div>
                  {measure.points.length ? (
                    <>
                      <div className="mt-3 h-40">
                        <TrendChart measure={measure} days={days} />
                      </div>
                      {measure.from ? <Provenance testId={`${measure.key}-chart-from`}>{measure.from}</Provenance> : null}
                      {measure.key === 'sleepDurationMinutes' && lastNight?.stages ? (
                        <div className="mt-3">
                          <p className="mb-1.5 text-xs font-medium text-neutral-700">Last night, {formatMinutes(lastNight.minutes)} asleep</p>
                          <SleepStageBar stages={lastNight.stages} testId="insights-sleep-stages" />
                        </div>
                      ) : null}
                      {measure.outside ? (
                        <p className="mt-2 text-sm text-neutral-800" data-testid={`${measure.key}-outside`}>
                          {measure.outside}
                        </p>
                      ) : null}
                    </>
                  ) : measure.before ? (
                    <EarlierTest day={measure.before} today={data.last} range={range} onRange={onRange} />
                  ) : (
                    <div className="mt-3">
                      <FillPrompt href={empty.href} action={empty.action}>
                        {empty.text}
                      </FillPrompt>
                    </div>
                  )}
                </section>
              );
            })}
          </div>
        </>
      )}
    </Card>
  );
}
