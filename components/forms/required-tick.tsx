'use client';

import { useId, type ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-messages';

/** A checkbox the form cannot go on without (the terms, the instructions), with its error under it. */
export function RequiredTick({ checked, onChange, error, children }: { checked: boolean; onChange: (checked: boolean) => void; error: string | null; children: ReactNode }) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex items-center gap-3 text-sm text-neutral-800">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="size-4 shrink-0 rounded accent-brand-700"
        />
        {children}
      </label>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
