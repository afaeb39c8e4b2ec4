'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';

type ErrorFallbackProps = {
  error: unknown;
  retry: () => void;
};

/** Shared body of app/error.tsx and app/global-error.tsx. Never shows the error's message or stack. */
export function ErrorFallback({ error, retry }: ErrorFallbackProps) {
  useEffect(() => {
    // Details go to the console (and server logs via the digest), never to the screen.
    console.error(error);
  }, [error]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-neutral-50 px-6 py-16">
      <div className="w-full max-w-md rounded-card border border-neutral-200 bg-white p-8 text-center shadow-card">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-danger-50 text-danger-600">
          <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-6">
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </span>
        <h1 className="mt-5 text-xl font-semibold text-neutral-950">Unexpected Application Error!</h1>
        <p className="mt-2 text-sm leading-relaxed text-neutral-600">
          Sorry, something went wrong on our side. Please try again, or head back to the home page.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Button onClick={() => retry()}>Try again</Button>
          <Link href="/" className={buttonClassName({ variant: 'secondary' })}>
            Go to home page
          </Link>
        </div>
      </div>
    </main>
  );
}
