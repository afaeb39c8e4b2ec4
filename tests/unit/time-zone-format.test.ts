import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TimeZoneProvider } from '@/components/time/time-zone-provider';
import { Timestamp } from '@/components/time/timestamp';
import { formatClock, formatDateAt, formatTimestamp, knownTimeZone } from '@/lib/format';
import { utcClock } from '@/lib/dashboard/solar';

// Clock times on the member's own wall clock (User.timeZone), in SPEC §9's en-GB shape.

const ZONES = Intl.supportedValuesOf('timeZone');
/** Instants from 1972 (after the last zones with second-level offsets settled) to 2200, to the millisecond. */
const instants = fc.integer({ min: Date.UTC(1972, 0, 1), max: Date.UTC(2200, 0, 1) }).map((ms) => new Date(ms));

/** "02/12/2026, 00:00:00" built from the ISO string: the shape the UTC-only formatter had, without its " UTC". */
const isoShape = (date: Date) => {
  const [, y, mo, d, h, mi, s] = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)/.exec(date.toISOString())!;
  return `${d}/${mo}/${y}, ${h}:${mi}:${s}`;
};

/** The zone's offset from UTC at `date` in milliseconds, from Intl's "GMT+05:30" name. */
function offsetMs(date: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }).formatToParts(date).find((p) => p.type === 'timeZoneName')!.value;
  const match = /^GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?$/.exec(name);
  if (!match) throw new Error(`unexpected offset name ${name}`);
  if (!match[1]) return 0;
  const size = Number(match[2]) * 3_600_000 + Number(match[3]) * 60_000 + Number(match[4] ?? 0) * 1000;
  return match[1] === '-' ? -size : size;
}

describe('formatTimestamp', () => {
  it('writes the SPEC’s day/month/year, 24-hour time with seconds, on the zone’s wall clock', () => {
    expect(formatTimestamp('2026-12-02T00:00:00Z', 'UTC')).toBe('02/12/2026, 00:00:00');
    expect(formatTimestamp('2026-12-02T00:00:00Z', 'Europe/Berlin')).toBe('02/12/2026, 01:00:00');
    expect(formatTimestamp('2026-12-02T00:00:00Z', 'America/New_York')).toBe('01/12/2026, 19:00:00');
    // Summer time: Berlin is two hours ahead, New York four behind.
    expect(formatTimestamp('2026-07-06T00:00:00Z', 'Europe/Berlin')).toBe('06/07/2026, 02:00:00');
    expect(formatTimestamp('2026-07-06T00:00:00Z', 'America/New_York')).toBe('05/07/2026, 20:00:00');
    expect(formatTimestamp('2026-12-08T18:09:32.400Z', 'Asia/Kolkata')).toBe('08/12/2026, 23:39:32');
  });

  it('reads a timestamp without a zone as UTC, as the API’s next_refresh may come', () => {
    expect(formatTimestamp('2026-12-02T00:00:00', 'Europe/Berlin')).toBe('02/12/2026, 01:00:00');
    expect(formatTimestamp('2026-12-02T00:00:00+01:00', 'Europe/Berlin')).toBe('02/12/2026, 00:00:00');
  });

  it('in UTC, writes what the UTC-only formatter wrote, less the " UTC" after it', () => {
    fc.assert(fc.property(instants, (date) => formatTimestamp(date, 'UTC') === isoShape(date) && formatTimestamp(date.toISOString(), 'UTC') === isoShape(date)));
  });

  it('in any zone Intl knows, shows the instant moved by that zone’s offset at that instant', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), (date, zone) => {
        const wall = new Date(Math.floor(date.getTime() / 1000) * 1000 + offsetMs(date, zone));
        expect(formatTimestamp(date, zone)).toBe(isoShape(wall));
      }),
      { numRuns: 500 },
    );
  });

  it('shows UTC, and does not throw, for a stored zone the runtime does not know', () => {
    for (const zone of ['Mars/Olympus_Mons', '', 'not a zone', 'Europe/Atlantis']) {
      expect(formatTimestamp('2026-12-02T00:00:00Z', zone)).toBe('02/12/2026, 00:00:00');
      expect(knownTimeZone(zone)).toBe('UTC');
    }
    expect(knownTimeZone(null)).toBe('UTC');
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('formatClock', () => {
  it('is the hour and minute on the zone’s clock, to the nearest minute', () => {
    expect(formatClock(new Date('2026-12-21T08:03:31Z'), 'UTC')).toBe('08:04');
    expect(formatClock(new Date('2026-12-21T08:03:29Z'), 'Europe/Berlin')).toBe('09:03');
    expect(formatClock(new Date('2026-06-21T03:59:45Z'), 'America/New_York')).toBe('00:00');
  });

  it('in UTC, agrees with lib/dashboard/solar.ts’s utcClock', () => {
    fc.assert(fc.property(instants, (date) => formatClock(date, 'UTC') === utcClock(date)));
  });
});

describe('formatDateAt', () => {
  it('names the day an instant falls on in the member’s zone', () => {
    expect(formatDateAt('2026-03-03T23:30:00Z', 'UTC')).toBe('3 Mar 2026');
    expect(formatDateAt('2026-03-03T23:30:00Z', 'Europe/Berlin')).toBe('4 Mar 2026');
    expect(formatDateAt('2026-03-04T02:00:00Z', 'America/New_York')).toBe('3 Mar 2026');
  });
});

describe('<Timestamp>', () => {
  const html = (timeZone: string | null, value: string) =>
    renderToStaticMarkup(timeZone === null ? createElement(Timestamp, { value }) : createElement(TimeZoneProvider, { timeZone }, createElement(Timestamp, { value })));

  it('writes the instant in the zone the signed-in layout provides, the instant itself in dateTime', () => {
    expect(html('Europe/Berlin', '2026-12-02T00:00:00Z')).toBe('<time dateTime="2026-12-02T00:00:00.000Z">02/12/2026, 01:00:00</time>');
    expect(html('America/New_York', '2026-12-02T00:00:00')).toBe('<time dateTime="2026-12-02T00:00:00.000Z">01/12/2026, 19:00:00</time>');
  });

  it('is UTC outside the signed-in area, and a dash for a value that is no time', () => {
    expect(html(null, '2026-12-02T00:00:00Z')).toBe('<time dateTime="2026-12-02T00:00:00.000Z">02/12/2026, 00:00:00</time>');
    expect(html('Europe/Berlin', 'soon')).toBe('–');
  });
});
