import Link from 'next/link';
import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { formatWeekdayGB } from '@/lib/format';

// The little pieces the dashboard's cards share.

/** Where a card sends the member to import their history or connect a wearable, and the link's words. */
export const DEVICES = '/my_devices';
export const DEVICES_ACTION = 'Import or connect';

/** A chart's label for a YYYY-MM-DD day ("Mon"). */
export const dayLabel = formatWeekdayGB;

/** A week chart's labels: each day's weekday, and "Today" for the last (the cards' weeks end today). */
export const weekLabels = <T extends { day: string }>(days: readonly T[]): string[] => days.map((d, i) => (i === days.length - 1 ? 'Today' : dayLabel(d.day)));

/** A card's "Insights >" style link. */
export function CardLink({ href, children, label }: { href: string; children: ReactNode; label?: string }) {
  return (
    // No prefetch: the signed-in pages render per request, and some targets belong to later releases.
    <Link
      href={href}
      prefetch={false}
      aria-label={label}
      className="inline-flex shrink-0 items-center gap-0.5 rounded-control text-sm font-medium whitespace-nowrap text-brand-700 transition-colors hover:text-brand-900"
    >
      {children}
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path fillRule="evenodd" clipRule="evenodd" d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z" />
      </svg>
    </Link>
  );
}

/** The dash SPEC asks for where there is no value, read out as "no data". */
export function Dash() {
  return (
    <span>
      <span aria-hidden>–</span>
      <span className="sr-only">no data</span>
    </span>
  );
}

/** A number with its unit, or a dash. */
export function Figure({ value, unit, className }: { value: number | null | undefined; unit?: string; className?: string }) {
  return (
    <span className={cx('font-semibold tracking-tight text-neutral-950 tabular-nums', className)}>
      {value === null || value === undefined ? (
        <Dash />
      ) : (
        <>
          {value.toLocaleString('en-GB')}
          {unit ? <span className="ml-1 text-sm font-medium text-neutral-600">{unit}</span> : null}
        </>
      )}
    </span>
  );
}

/** What would fill an empty card: a short line and, when there is one, the place to do it. */
export function FillPrompt({ children, href, action }: { children: ReactNode; href?: string; action?: string }) {
  return (
    <p className="text-sm text-neutral-600">
      {children}
      {href && action ? (
        <>
          {' '}
          <Link href={href} prefetch={false} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {action}
          </Link>
        </>
      ) : null}
    </p>
  );
}

type RingProps = { percent: number | null; label: string; size?: number; children?: ReactNode };

/** A progress ring (sleep score, profile completion); an empty track without a value. */
export function Ring({ percent, label, size = 120, children }: RingProps) {
  const stroke = 10;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = percent === null ? 0 : Math.min(100, Math.max(0, percent));
  return (
    <div className="relative shrink-0" style={{ width: size, height: size }}>
      <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="-rotate-90" width={size} height={size}>
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={stroke} className="stroke-neutral-100" />
        {percent === null ? null : (
          <circle
            cx={size / 2}
            cy={size / 2}
            r={radius}
            fill="none"
            strokeWidth={stroke}
            strokeLinecap="round"
            strokeDasharray={`${(filled / 100) * circumference} ${circumference}`}
            className="stroke-brand-500"
          />
        )}
      </svg>
      <div aria-hidden className="absolute inset-0 flex flex-col items-center justify-center">
        {children}
      </div>
    </div>
  );
}

function Compare({ label, value, unit, testId }: { label: string; value: number | null; unit: string; testId: string }) {
  return (
    <div>
      <p className="text-xs font-medium text-neutral-600">{label}</p>
      <p data-testid={testId}>
        <Figure value={value} unit={unit} className="text-xl" />
      </p>
    </div>
  );
}

export type DayValue = { label: string; value: number | null };

/** Where a figure came from, in a quiet line under it. */
export function Provenance({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="mt-1 text-xs text-neutral-600" data-testid={testId}>
      {children}
    </p>
  );
}

/** One 'This week' / 'Last week' comparison with its 7-day chart, or what would fill it. */
export function WeekSection(props: {
  title: string;
  className: string;
  thisWeek: number | null;
  lastWeek: number | null;
  unit: string;
  testId: string;
  days: DayValue[];
  chart: (days: DayValue[]) => ReactNode;
  /** What fills the chart, in one whole sentence. */
  missing: string;
  /** Where this week's figures came from ("From Oura."), under the comparison. */
  from?: string | null;
  /** What the figures are, where the title leaves it open ("All-day average"), beside the title. */
  note?: string | null;
}) {
  // Nothing in either week: the section is its title and one line saying how to fill it.
  if (props.thisWeek === null && props.lastWeek === null && !props.days.some((d) => d.value !== null)) {
    return (
      <section aria-label={props.title} className={props.className} data-testid={`${props.testId}-empty`}>
        <h3 className="text-sm font-semibold text-neutral-800">{props.title}</h3>
        <div className="mt-2">
          <FillPrompt href={DEVICES} action={DEVICES_ACTION}>
            {props.missing}
          </FillPrompt>
        </div>
      </section>
    );
  }
  return (
    <section aria-label={props.title} className={props.className}>
      <h3 className="text-sm font-semibold text-neutral-800">
        {props.title}
        {props.note ? <span className="font-normal text-neutral-600" data-testid={`${props.testId}-kind`}> · {props.note}</span> : null}
      </h3>
      <div className="mt-3 flex gap-6">
        <Compare label="This week" value={props.thisWeek} unit={props.unit} testId={`${props.testId}-this-week`} />
        <Compare label="Last week" value={props.lastWeek} unit={props.unit} testId={`${props.testId}-last-week`} />
      </div>
      {props.from ? <Provenance testId={`${props.testId}-from`}>{props.from}</Provenance> : null}
      {props.days.some((d) => d.value !== null) ? (
        props.chart(props.days)
      ) : (
        <div className="mt-3">
          <FillPrompt href={DEVICES} action={DEVICES_ACTION}>
            {/* Last week's figure beside an empty week: the data stopped, it never was missing. */}
            {props.lastWeek !== null ? 'Nothing in the last 7 days. Sync your device or import a newer export to bring this up to date.' : props.missing}
          </FillPrompt>
        </div>
      )}
    </section>
  );
}
