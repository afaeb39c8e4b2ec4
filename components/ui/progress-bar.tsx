import type { ComponentPropsWithRef } from 'react';
import { useId } from 'react';
import { cx } from './cx';

export type ProgressBarProps = Omit<ComponentPropsWithRef<'div'>, 'children'> & {
  value: number;
  max?: number;
  /** Visible label above the bar; also its accessible name. */
  label?: string;
  /** Human wording for assistive tech, e.g. "Step 2 of 7". */
  valueText?: string;
  /** Show the percentage next to the label. */
  showValue?: boolean;
};

export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  showValue = false,
  className,
  ...props
}: ProgressBarProps) {
  const labelId = useId();
  const safeMax = max > 0 ? max : 100;
  // Clamp so a stray value never overflows the track or reports nonsense to screen readers.
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = Math.round((clamped / safeMax) * 100);

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      {label || showValue ? (
        <div className="flex items-center justify-between text-sm">
          {label ? (
            <span id={labelId} className="font-medium text-neutral-700">
              {label}
            </span>
          ) : (
            <span />
          )}
          {showValue ? <span className="tabular-nums text-neutral-500">{percent}%</span> : null}
        </div>
      ) : null}
      <div
        role="progressbar"
        aria-valuenow={clamped}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuetext={valueText}
        aria-labelledby={label ? labelId : undefined}
        {...props}
        className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
