'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '@/components/ui/cx';
import type { FaqTab } from './faq';

/** The three FAQ tabs (WAI-ARIA tabs: arrow keys, Home and End move between them), each a list of expandable questions. */
export function FaqTabs({ tabs: FAQ_TABS }: { tabs: FaqTab[] }) {
  const [active, setActive] = useState(0);
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent) => {
    const last = FAQ_TABS.length - 1;
    const next = { ArrowRight: active === last ? 0 : active + 1, ArrowLeft: active === 0 ? last : active - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      <div role="tablist" aria-label="Help topics" className="flex gap-2 border-b border-neutral-200" onKeyDown={move}>
        {FAQ_TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={index === active}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            className={cx(
              '-mb-px rounded-t-control border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors',
              index === active ? 'border-brand-600 text-brand-800' : 'border-transparent text-neutral-600 hover:text-neutral-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {FAQ_TABS.map((tab, index) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden={index !== active} tabIndex={0}>
          <ul className="flex flex-col gap-3">
            {tab.questions.map((faq) => (
              <li key={faq.question}>
                <details className="group rounded-card border border-neutral-200 bg-white px-5 py-4 open:shadow-sm">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-neutral-900">
                    {faq.question}
                    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-neutral-500 transition-transform group-open:rotate-180">
                      <path fillRule="evenodd" clipRule="evenodd" d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
                    </svg>
                  </summary>
                  <div className="mt-3 flex flex-col gap-2 text-sm leading-relaxed text-neutral-700">
                    {faq.answer.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
