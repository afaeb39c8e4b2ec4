'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { warmIntl } from '@/lib/client/warm-intl';

// As this module loads (with the signed-in pages' first JavaScript, before hydration writes any time):
// ICU's formatting set up off the main thread (lib/client/warm-intl.ts).
warmIntl();

// The member's saved zone (User.timeZone), handed down once by the signed-in layout, so every clock time a
// component writes, on the server's first paint and in the browser alike, is on his own wall clock.
const TimeZoneContext = createContext('UTC');

export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children?: ReactNode }) {
  return <TimeZoneContext value={timeZone}>{children}</TimeZoneContext>;
}

/** The member's IANA zone ("Europe/Berlin"); UTC outside the signed-in area. */
export const useTimeZone = (): string => useContext(TimeZoneContext);
