import Link from 'next/link';
import { cx } from '@/components/ui/cx';

type BackLinkProps = {
  href: string;
  /** Visible text; when omitted the link shows only the arrow and `label` names it. */
  children?: string;
  label?: string;
  className?: string;
};

/** An arrow link back to the previous screen; icon-only when it has no text. */
export function BackLink({ href, children, label = 'Back', className }: BackLinkProps) {
  const iconOnly = !children;
  return (
    <Link
      href={href}
      aria-label={iconOnly ? label : undefined}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-control text-sm font-medium text-neutral-600 transition-colors hover:text-neutral-900',
        iconOnly ? 'size-10 justify-center border border-neutral-200 bg-white shadow-sm hover:bg-neutral-50' : '-ml-1 px-1 py-1',
        className,
      )}
    >
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M17 10a.75.75 0 0 1-.75.75H5.66l3.62 3.72a.75.75 0 1 1-1.08 1.04l-4.9-5a.75.75 0 0 1 0-1.04l4.9-5a.75.75 0 1 1 1.08 1.04L5.66 9.25h10.59A.75.75 0 0 1 17 10Z"
        />
      </svg>
      {children}
    </Link>
  );
}
