import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '@/components/ui/cx';

// One radio or checkbox with its words, in the bordered tile the check-in's symptoms and the import's
// questions use: the tile is the label, so a click anywhere on it chooses.

type ChoiceProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'className'> & {
  type: 'radio' | 'checkbox';
  label: ReactNode;
  /** A line under the label: the control's description, apart from its name. */
  description?: ReactNode;
  className?: string;
};

export function Choice({ type, label, description, checked, disabled, className, ...props }: ChoiceProps) {
  const id = useId();
  return (
    <label
      className={cx(
        'flex items-start gap-2.5 rounded-control border px-3 py-2 text-sm transition-colors',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        checked ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-neutral-200 bg-white text-neutral-800 hover:border-neutral-300',
        className,
      )}
    >
      <input
        {...props}
        type={type}
        checked={checked}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <span>
        <span id={`${id}-label`} className="font-medium">
          {label}
        </span>
        {description ? (
          <span id={`${id}-description`} className="block text-neutral-600">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
