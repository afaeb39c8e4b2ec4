'use client';

import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { cx } from './cx';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Action row, e.g. Cancel / Confirm buttons. */
  footer?: ReactNode;
  /** md for a confirmation, lg for a short form, xl for a table. */
  size?: 'md' | 'lg' | 'xl';
  className?: string;
};

const WIDTHS = { md: 'w-[min(32rem,calc(100%-2rem))]', lg: 'w-[min(42rem,calc(100%-2rem))]', xl: 'w-[min(60rem,calc(100%-2rem))]' } as const;

export function Modal({ open, onClose, title, children, footer, size = 'md', className }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // showModal() gives us the top layer, inert background and focus handling for free.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      // Escape: keep the parent's `open` state the single source of truth.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The browser can still force-close (e.g. repeated Escape); keep state in sync.
      onClose={() => {
        if (open) onClose();
      }}
      // A click landing on the <dialog> itself (not its content) is a backdrop click.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cx(
        'm-auto max-h-[85dvh] overflow-y-auto rounded-card border border-neutral-200 bg-white p-0 text-neutral-900 shadow-2xl',
        WIDTHS[size],
        className,
      )}
    >
      {open ? (
        <div className="flex flex-col">
          <div className="flex items-start justify-between gap-4 px-6 pt-5">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-mr-2 rounded-control p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
            >
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-5">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
          <div className="px-6 pt-3 pb-6 text-sm text-neutral-700">{children}</div>
          {footer ? (
            <div className="flex justify-end gap-3 rounded-b-card border-t border-neutral-100 bg-neutral-50 px-6 py-4">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
