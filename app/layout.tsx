import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { inter } from './fonts';
import './globals.css';

export const metadata: Metadata = {
  title: { template: '%s · Vitality', default: 'Vitality' },
  description:
    'Vitality helps men track and improve longevity and testosterone health: daily check-ins, wearable data and clear, actionable scores.',
  applicationName: 'Vitality',
  icons: { icon: '/logo.svg' },
};

export const viewport: Viewport = {
  themeColor: '#047863',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so Next.js can stamp each response's CSP nonce on its scripts.
  await connection();
  return (
    <html lang="en" className={inter.variable}>
      <body>{children}</body>
    </html>
  );
}
