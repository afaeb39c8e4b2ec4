import type { ReactNode } from 'react';

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
