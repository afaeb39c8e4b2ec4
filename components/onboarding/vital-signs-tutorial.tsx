'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { CheckList } from '@/components/ui/check-list';
import { cx } from '@/components/ui/cx';
import { postJson } from '@/lib/client/api-call';
import { useHydrated } from '@/lib/client/use-hydrated';
import { stepPath } from '@/lib/routes';
import { nextAutoSlide, TUTORIAL_SLIDE_MS, TUTORIAL_SLIDES } from '@/lib/onboarding/tutorial';
import { TutorialArt } from './tutorial-art/tutorial-art';

const COUNT = TUTORIAL_SLIDES.length;

/** /onboarding_8: five slides that move on every 5 s until the last; Finish opens the measurement. */
export function VitalSignsTutorial() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const hydrated = useHydrated();
  const isLast = index === COUNT - 1;
  const autoPlaying = !paused && !isLast;

  // One timer per slide shown: Next, a dot or Resume restarts the 5 s, and the last slide sets none.
  useEffect(() => {
    const next = nextAutoSlide(index, COUNT);
    if (paused || next === null) return;
    const timer = window.setTimeout(() => setIndex(next), TUTORIAL_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused]);

  async function finish() {
    setLeaving(true);
    try {
      await postJson('/api/shenai-tutorial-watched');
    } catch {
      // SPEC §4: the measurement opens whether or not the flag was saved.
    }
    // A full page load, so the measurement step starts from a clean page.
    window.location.assign(stepPath('vital-signs-measurement'));
  }

  return (
    <Carousel
      label="Vital-signs tutorial"
      slides={TUTORIAL_SLIDES}
      index={index}
      slideKey={(slide) => slide.title}
      slideClassName="grid grid-cols-[1fr_1.15fr] items-center gap-8 motion-reduce:transition-none"
      live={autoPlaying ? 'off' : 'polite'}
      renderSlide={(slide, active) => (
        <>
          <TutorialArt art={slide.art} playing={active} />
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{slide.eyebrow}</p>
            <h2 className="mt-2 text-2xl font-semibold tracking-tight text-neutral-950">{slide.title}</h2>
            <p className="mt-3 text-base leading-relaxed text-neutral-600">{slide.body}</p>
            <CheckList items={slide.points} className="mt-5 flex flex-col gap-2" />
          </div>
        </>
      )}
    >

      <div className="mt-8 flex items-center justify-between gap-6 border-t border-neutral-100 pt-6">
        <div className="flex items-center gap-4">
          <ol className="flex items-center">
            {TUTORIAL_SLIDES.map((slide, i) => (
              <li key={slide.title}>
                <button
                  type="button"
                  aria-label={`Show slide ${i + 1}: ${slide.title}`}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => setIndex(i)}
                  className="group flex h-6 min-w-6 items-center justify-center rounded-full px-1"
                >
                  <span
                    className={cx(
                      'h-2 rounded-full transition-all duration-300 motion-reduce:transition-none',
                      i === index ? 'w-6 bg-brand-600' : 'w-2 bg-neutral-300 group-hover:bg-neutral-400',
                    )}
                  />
                </button>
              </li>
            ))}
          </ol>
          <p className="text-sm text-neutral-500 tabular-nums">
            {index + 1} of {COUNT}
          </p>
          {/* Only once hydrated: before that the button could not work. Hidden on the last slide, which does not move. */}
          {hydrated ? (
            <Button variant="ghost" size="sm" onClick={() => setPaused(!paused)} className={cx(isLast && 'invisible')}>
              {paused ? 'Resume' : 'Pause'}
            </Button>
          ) : null}
        </div>
        {isLast ? (
          // A double click on Next must not also press Finish, which takes its place.
          <Button size="lg" loading={leaving} onClick={(event) => event.detail < 2 && void finish()}>
            Finish
          </Button>
        ) : (
          <Button size="lg" onClick={() => setIndex(index + 1)}>
            Next
          </Button>
        )}
      </div>
    </Carousel>
  );
}
