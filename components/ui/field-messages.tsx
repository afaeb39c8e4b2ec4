import type { ReactNode } from 'react';
import { cx } from './cx';

/** The hint under a form control; its id goes in the control's aria-describedby. */
export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-xs text-neutral-500">
      {children}
    </p>
  );
}

/** The error under a form control, announced when it appears. */
export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-danger-700">
      {children}
    </p>
  );
}

/** A form control's frame: its label (with anything beside it), the control, then its hint and error. */
export function FieldFrame({
  controlId,
  label,
  labelAside,
  hintId,
  hint,
  errorId,
  error,
  className,
  children,
}: {
  controlId: string;
  label?: ReactNode;
  labelAside?: ReactNode;
  hintId: string | undefined;
  hint?: string;
  errorId: string | undefined;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const labelElement = label ? (
    <label htmlFor={controlId} className="text-sm font-medium text-neutral-800">
      {label}
    </label>
  ) : null;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-3">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
