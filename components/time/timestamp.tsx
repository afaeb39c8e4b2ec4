'use client';

import { formatTimestamp, instantOf } from '@/lib/format';
import { useTimeZone } from './time-zone-provider';

/** An instant as the member reads it: "02/12/2026, 01:00:00" on his zone's clock, in a <time> that carries the instant itself. */
export function Timestamp({ value }: { value: string | Date }) {
  const timeZone = useTimeZone();
  const instant = instantOf(value);
  if (Number.isNaN(instant.getTime())) return <>–</>;
  return <time dateTime={instant.toISOString()}>{formatTimestamp(instant, timeZone)}</time>;
}
