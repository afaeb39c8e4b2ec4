import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { cx } from '@/components/ui/cx';

// The frame of every signed-in page: one width (the dashboard's), the back link and the heading at the same
// place on each, and the cards' spacing as on the dashboard. Pages of forms and reading keep a narrower
// column inside the frame, its left edge on the heading's.

type PageShellProps = {
  title: ReactNode;
  /** Where "Back" goes, and its words ("Back to dashboard"). */
  back?: { href: string; label: string };
  /** A sentence under the heading. */
  intro?: ReactNode;
  /** Beside the heading, on the right (a setting, an action). */
  aside?: ReactNode;
  /** `narrow` for forms and reading (a 768 px column); `wide` for grids of cards. */
  width?: 'wide' | 'narrow';
  children: ReactNode;
};

export function PageShell({ title, back, intro, aside, width = 'narrow', children }: PageShellProps) {
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-8 py-10">
      {back ? <BackLink href={back.href}>{back.label}</BackLink> : null}
      <div className={cx('flex flex-col gap-1', width === 'narrow' && 'max-w-3xl')}>
        <div className="flex items-end justify-between gap-4">
          <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">{title}</h1>
          {aside}
        </div>
        {intro ? <p className="text-neutral-600">{intro}</p> : null}
      </div>
      <div className={cx('flex w-full flex-col gap-6', width === 'narrow' && 'max-w-3xl')}>{children}</div>
    </main>
  );
}
