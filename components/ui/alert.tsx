import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

export type AlertProps = Omit<ComponentPropsWithRef<'div'>, 'title'> & {
  variant?: AlertVariant;
  title?: ReactNode;
};

const styles: Record<AlertVariant, { box: string; icon: string; path: string }> = {
  info: {
    box: 'border-info-200 bg-info-50 text-info-800',
    icon: 'text-info-600',
    path: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-10.5a.75.75 0 1 1 1.5 0v.01a.75.75 0 0 1-1.5 0V7.5Zm0 2.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4Z',
  },
  success: {
    box: 'border-brand-200 bg-brand-50 text-brand-900',
    icon: 'text-brand-600',
    path: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.66a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.1l3.76-5.2Z',
  },
  warning: {
    box: 'border-warning-200 bg-warning-50 text-warning-800',
    icon: 'text-warning-600',
    path: 'M8.49 2.87a1.75 1.75 0 0 1 3.02 0l6.28 10.9A1.75 1.75 0 0 1 16.28 16.4H3.72a1.75 1.75 0 0 1-1.51-2.63l6.28-10.9ZM10 6.5a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 10 6.5Zm0 7.5a.9.9 0 1 0 0-1.8.9.9 0 0 0 0 1.8Z',
  },
  error: {
    box: 'border-danger-200 bg-danger-50 text-danger-800',
    icon: 'text-danger-600',
    path: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z',
  },
};

export function Alert({ variant = 'info', title, className, children, ...props }: AlertProps) {
  const style = styles[variant];
  // Only problems interrupt a screen reader; confirmations wait their turn.
  const role = variant === 'error' || variant === 'warning' ? 'alert' : 'status';

  return (
    <div
      role={role}
      {...props}
      className={cx('flex gap-3 rounded-control border px-4 py-3 text-sm', style.box, className)}
    >
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={cx('mt-0.5 size-4 shrink-0', style.icon)}>
        <path fillRule="evenodd" clipRule="evenodd" d={style.path} />
      </svg>
      <div className="flex flex-col gap-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
