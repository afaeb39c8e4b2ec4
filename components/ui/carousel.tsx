import { useId, type ReactNode } from 'react';
import { cx } from './cx';

type CarouselProps<T> = {
  /** The carousel's name. */
  label: string;
  /** Named by a visually hidden h2 (the slides' titles then sit under it as h3s) rather than by aria-label. */
  labelHeading?: boolean;
  className?: string;
  slides: readonly T[];
  /** The slide shown. */
  index: number;
  slideKey: (slide: T) => string;
  /** A slide's own layout; the carousel adds the cross-fade. */
  slideClassName: string;
  /** `off` while the slides move by themselves, so that a screen reader is not interrupted every few seconds. */
  live: 'off' | 'polite';
  renderSlide: (slide: T, active: boolean, index: number) => ReactNode;
  /** The controls under the slides. */
  children: ReactNode;
};

/**
 * Slides shown one at a time, as the WAI-ARIA carousel pattern names them
 * (https://www.w3.org/WAI/ARIA/apg/patterns/carousel/): each slide a group called "2 of 5", and the hidden
 * ones inert, so that neither Tab nor a screen reader reaches them. The caller keeps the index and draws
 * the controls.
 */
export function Carousel<T>({ label, labelHeading = false, className, slides, index, slideKey, slideClassName, live, renderSlide, children }: CarouselProps<T>) {
  const labelId = useId();
  return (
    <section aria-roledescription="carousel" aria-label={labelHeading ? undefined : label} aria-labelledby={labelHeading ? labelId : undefined} className={className}>
      {labelHeading ? (
        <h2 id={labelId} className="sr-only">
          {label}
        </h2>
      ) : null}

      {/* Slides share one grid cell, so the card keeps the tallest one's height and can cross-fade. */}
      <div aria-live={live} className="grid">
        {slides.map((slide, i) => {
          const active = i === index;
          return (
            <div
              key={slideKey(slide)}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              inert={!active}
              className={cx(slideClassName, 'transition-[opacity,visibility] duration-300 [grid-area:1/1]', active ? 'opacity-100' : 'invisible opacity-0')}
            >
              {renderSlide(slide, active, i)}
            </div>
          );
        })}
      </div>

      {children}
    </section>
  );
}
