'use client';

import Image from 'next/image';
import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { CheckList } from '@/components/ui/check-list';
import { cx } from '@/components/ui/cx';
import { PILLARS } from '@/lib/pillars';

/** SPEC §9: after each click both buttons stay disabled this long, so a double click moves one slide. */
export const PILLAR_CLICK_LOCK_MS = 400;

const LAST = PILLARS.length - 1;

export function PillarCarousel() {
  const [index, setIndex] = useState(0);
  const [locked, setLocked] = useState(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Fetch every slide's image with the page, so paging never waits on the network.
  for (const pillar of PILLARS) preload(pillar.image.src, { as: 'image' });

  useEffect(() => () => clearTimeout(unlockTimer.current), []);

  const canGoBack = !locked && index > 0;
  const canGoForward = !locked && index < LAST;

  function go(step: -1 | 1) {
    if (step === -1 ? !canGoBack : !canGoForward) return;
    setIndex((current) => Math.min(Math.max(current + step, 0), LAST));
    setLocked(true);
    clearTimeout(unlockTimer.current);
    unlockTimer.current = setTimeout(() => setLocked(false), PILLAR_CLICK_LOCK_MS);
  }

  return (
    <Carousel
      label="The four pillars"
      labelHeading
      className="rounded-card border border-neutral-200 bg-white shadow-card"
      slides={PILLARS}
      index={index}
      slideKey={(pillar) => pillar.slug}
      slideClassName="grid grid-cols-[1fr_1.1fr] items-center gap-12 p-10"
      live="polite"
      renderSlide={(pillar, _active, i) => (
        <>
          <div className="rounded-card bg-brand-50 p-6">
            <Image src={pillar.image.src} alt={pillar.image.alt} width={480} height={320} loading="eager" className="h-auto w-full" />
          </div>
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Pillar {i + 1} · {pillar.focus}
            </p>
            <h3 className="mt-3 text-3xl font-semibold tracking-tight text-neutral-950">{pillar.title}</h3>
            <p className="mt-4 text-base leading-relaxed text-neutral-600">{pillar.summary}</p>
            <CheckList items={pillar.sections.map((section) => section.heading)} className="mt-6 flex flex-col gap-2.5" />
          </div>
        </>
      )}
    >

      <div className="flex items-center justify-between gap-6 rounded-b-card border-t border-neutral-100 bg-neutral-50 px-10 py-5">
        {/* aria-disabled rather than disabled: a disabled button would drop keyboard focus on every click. */}
        <Button variant="secondary" aria-disabled={!canGoBack} onClick={() => go(-1)}>
          Previous
        </Button>
        <div className="flex items-center gap-4">
          <ol aria-hidden className="flex items-center gap-2">
            {PILLARS.map((pillar, i) => (
              <li
                key={pillar.slug}
                className={cx(
                  'h-2 rounded-full transition-all duration-300',
                  i === index ? 'w-6 bg-brand-600' : 'w-2 bg-neutral-300',
                )}
              />
            ))}
          </ol>
          <p className="text-sm text-neutral-600 tabular-nums">
            {index + 1} of {PILLARS.length}
          </p>
        </div>
        <Button aria-disabled={!canGoForward} onClick={() => go(1)}>
          Next
        </Button>
      </div>
    </Carousel>
  );
}
