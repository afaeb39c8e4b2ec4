import type { ComponentPropsWithRef } from 'react';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './spinner';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks, e.g. while a form submits. */
  loading?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, className })}
    >
      {/* Decorative: aria-busy already tells assistive tech, and the button keeps its own name. */}
      {loading ? <Spinner decorative className="size-4" /> : null}
      {children}
    </button>
  );
}
