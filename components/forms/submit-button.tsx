'use client';

import { Button, type ButtonProps } from '@/components/ui/button';
import { useHydrated } from '@/lib/client/use-hydrated';

/**
 * A form's submit button, enabled once the page's script runs. Before that the browser would send the
 * form itself, as a GET to this page with its fields (a password among them) in the address, and a
 * choice made in the meantime would never reach the form's state. Disabled, it also stops Enter.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" disabled={disabled || !hydrated} />;
}
