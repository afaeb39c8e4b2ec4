'use client';

import { createContext, useContext, type ReactNode } from 'react';

// The member's saved zone (User.timeZone), handed down once by the signed-in layout, so every clock time a
// component writes, on the server's first paint and in the browser alike, is on his own wall clock.
const TimeZoneContext = createContext('UTC');

export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children?: ReactNode }) {
  return <TimeZoneContext value={timeZone}>{children}</TimeZoneContext>;
}

/** The member's IANA zone ("Europe/Berlin"); UTC outside the signed-in area. */
export const useTimeZone = (): string => useContext(TimeZoneContext);
