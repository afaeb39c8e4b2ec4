import Link from 'next/link';
import type { ComponentProps } from 'react';
import { cx } from '@/components/ui/cx';

/** An inline brand-coloured link, as used in "Don't have an account? Sign up". */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      {...props}
      className={cx('rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline', className)}
    />
  );
}
