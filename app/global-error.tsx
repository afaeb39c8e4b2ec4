'use client';

import { ErrorFallback } from '@/components/error-fallback';
import { inter } from './fonts';
import './globals.css';

// Replaces the root layout when it fails, so it brings its own document, styles and font.
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en" className={inter.variable}>
      <body>
        <title>Unexpected Application Error! · Vitality</title>
        <ErrorFallback error={error} retry={retry} />
      </body>
    </html>
  );
}
