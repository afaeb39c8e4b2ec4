import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';

/** The drawings a step can carry, each stroked in a 24 × 24 box. */
const ICONS = {
  checklist: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h5" />
      <path d="m8 16 1.5 1.5L13 14" />
    </>
  ),
  wearable: (
    <>
      <rect x="7" y="6" width="10" height="12" rx="3" />
      <path d="M9 6V3h6v3M9 18v3h6v-3" />
      <path d="M10 12h1l1-2 1 4 1-2" />
    </>
  ),
  pulse: <path d="M3 12h4l3-8 4 16 3-8h4" />,
  link: (
    <>
      <path d="M9 15 15 9" />
      <path d="M11 6.5 13 4.5a4.24 4.24 0 0 1 6 6l-2 2" />
      <path d="m13 17.5-2 2a4.24 4.24 0 0 1-6-6l2-2" />
    </>
  ),
  trend: (
    <>
      <path d="M3 17 9 11l4 4 8-8" />
      <path d="M15 7h6v6" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type Step = { title: string; body: string; icon: keyof typeof ICONS };

const CARD = 'rounded-card border border-neutral-200 bg-white p-6 shadow-card';
const BODY = 'mt-2 text-sm leading-relaxed text-neutral-600';

/** A step's drawing on a brand tile: the larger size beside a step's number. */
function iconTile(icon: Step['icon'], large: boolean): ReactNode {
  return (
    <span className={cx('inline-flex', large ? 'size-12' : 'size-10', 'items-center justify-center rounded-control bg-brand-50 text-brand-700')}>
      <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={large ? 'size-6' : 'size-5'}>
        {ICONS[icon]}
      </svg>
    </span>
  );
}

/**
 * What Vitality does, as three cards in a row. `numbered`: /onboarding_2's pitch, an ordered list whose cards
 * are regions under their own h2, each with its number; otherwise the home page's features, under its h2.
 */
export function StepCards({ steps, numbered = false }: { steps: Step[]; numbered?: boolean }) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="mt-12 grid grid-cols-3 gap-6">
      {steps.map((step, i) =>
        numbered ? (
          <li key={step.title}>
            <section aria-labelledby={`step-${step.title}`} className={cx('h-full', CARD)}>
              <div className="flex items-center justify-between">
                {iconTile(step.icon, true)}
                <span aria-hidden className="text-4xl font-semibold text-neutral-200 tabular-nums">
                  {i + 1}
                </span>
              </div>
              <h2 id={`step-${step.title}`} className="mt-5 text-xl font-semibold text-neutral-900">
                {step.title}
              </h2>
              <p className={BODY}>{step.body}</p>
            </section>
          </li>
        ) : (
          <li key={step.title} className={CARD}>
            {iconTile(step.icon, false)}
            <h3 className="mt-5 text-lg font-semibold text-neutral-900">{step.title}</h3>
            <p className={BODY}>{step.body}</p>
          </li>
        ),
      )}
    </List>
  );
}
