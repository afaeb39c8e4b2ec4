import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';

type SpinnerProps = Omit<ComponentPropsWithRef<'svg'>, 'children'> & {
  /** Accessible name; ignored when `decorative` is set. */
  label?: string;
  /** Hide from assistive tech when the surrounding element already announces the busy state. */
  decorative?: boolean;
};

export function Spinner({ label = 'Loading', decorative = false, className, ...props }: SpinnerProps) {
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'status', 'aria-label': label, 'aria-live': 'polite' as const };

  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      className={cx('size-5 animate-spin', className)}
      {...a11y}
      {...props}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="3" className="opacity-20" />
      <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
