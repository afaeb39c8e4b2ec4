import type { ComponentPropsWithRef, ReactNode, Ref } from 'react';
import { useId } from 'react';
import { cx } from './cx';

export type CardProps = Omit<ComponentPropsWithRef<'section'>, 'title'> & {
  /** Rendered as the card's heading and used as its accessible name. */
  title?: ReactNode;
  /** Extra header content beside the title, e.g. an action button. */
  header?: ReactNode;
  footer?: ReactNode;
  /** Heading level for `title`, so cards fit the page's outline. */
  titleAs?: 'h2' | 'h3' | 'h4';
  /** The heading, for moving keyboard focus to it when a step of a flow appears (it is then focusable by script). */
  headingRef?: Ref<HTMLHeadingElement>;
};

export function Card({ title, header, footer, titleAs: Heading = 'h2', headingRef, className, children, ...props }: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title) || Boolean(header);

  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      {...props}
      className={cx(
        'flex flex-col rounded-card border border-neutral-200 bg-white shadow-card',
        className,
      )}
    >
      {hasHeader ? (
        <header className="flex items-start justify-between gap-4 px-6 pt-5">
          {title ? (
            <Heading id={titleId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-base font-semibold text-neutral-900 focus:outline-none">
              {title}
            </Heading>
          ) : null}
          {header}
        </header>
      ) : null}
      <div className={cx('flex-1 px-6 pb-6', hasHeader ? 'pt-4' : 'pt-6')}>{children}</div>
      {footer ? (
        <footer className="rounded-b-card border-t border-neutral-100 bg-neutral-50 px-6 py-4">{footer}</footer>
      ) : null}
    </section>
  );
}
