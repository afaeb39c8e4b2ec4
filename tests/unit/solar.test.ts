import { describe, expect, it } from '@jest/globals';
import { solarDay, utcClock } from '@/lib/dashboard/solar';

// Reference times: the US Naval Observatory's "Sun or Moon Rise/Set Table for One Year" for 2020, computed
// in UTC (zone 0h), the sun's upper limb on the horizon with refraction, printed to the minute. Each row
// is a UTC date with the sunrise and the sunset that fall on it. Copied from the tables the
// solarpositioning project keeps for its own tests (github.com/klausbrunner/solarpositioning,
// src/test/resources/.../sunrise/usno_reference_testdata.csv and usno_reference_testdata_extreme.csv),
// which it read from the USNO's Astronomical Applications site (aa.usno.navy.mil).
type Place = { name: string; latitude: number; longitude: number; rows: [day: string, sunrise: string, sunset: string][] };

const USNO_2020: Place[] = [
  {
    name: 'Anchorage',
    latitude: 61.216667,
    longitude: -149.866667,
    rows: [
      ['01-05', '19:11', '00:57'], ['02-05', '18:10', '02:15'], ['03-05', '16:46', '03:35'], ['04-05', '15:08', '04:55'],
      ['05-05', '13:37', '06:14'], ['06-05', '12:29', '07:27'], ['07-05', '12:34', '07:35'], ['08-05', '13:44', '06:28'],
      ['09-05', '15:03', '04:54'], ['10-05', '16:18', '03:19'], ['11-05', '17:40', '01:48'], ['12-05', '18:55', '00:47'],
    ],
  },
  {
    name: 'Auckland',
    latitude: -36.833333,
    longitude: 174.8,
    rows: [
      ['01-05', '17:09', '07:44'], ['02-05', '17:41', '07:29'], ['03-05', '18:11', '06:54'], ['04-05', '18:39', '06:09'],
      ['05-05', '19:04', '05:31'], ['06-05', '19:28', '05:11'], ['07-05', '19:34', '05:17'], ['08-05', '19:14', '05:39'],
      ['09-05', '18:34', '06:04'], ['10-05', '17:49', '06:28'], ['11-05', '17:10', '06:58'], ['12-05', '16:55', '07:28'],
    ],
  },
  {
    name: 'Brasília',
    latitude: -15.8,
    longitude: -47.85,
    rows: [
      ['01-05', '08:46', '21:48'], ['02-05', '09:03', '21:47'], ['03-05', '09:13', '21:33'], ['04-05', '09:18', '21:10'],
      ['05-05', '09:24', '20:52'], ['06-05', '09:33', '20:47'], ['07-05', '09:40', '20:53'], ['08-05', '09:33', '21:01'],
      ['09-05', '09:14', '21:06'], ['10-05', '08:51', '21:09'], ['11-05', '08:33', '21:17'], ['12-05', '08:31', '21:33'],
    ],
  },
  {
    name: 'Singapore',
    latitude: 1.283333,
    longitude: 103.833333,
    rows: [
      ['01-05', '23:09', '11:11'], ['02-05', '23:17', '11:21'], ['03-05', '23:13', '11:19'], ['04-05', '23:03', '11:11'],
      ['05-05', '22:56', '11:06'], ['06-05', '22:58', '11:09'], ['07-05', '23:04', '11:15'], ['08-05', '23:06', '11:16'],
      ['09-05', '22:59', '11:07'], ['10-05', '22:50', '10:56'], ['11-05', '22:46', '10:50'], ['12-05', '22:54', '10:57'],
    ],
  },
  {
    // Between polar night and the midnight sun. The first night after it (25 August) is left out: the sun
    // skims the horizon then, and a hundredth of a degree moves its setting by many minutes.
    name: 'Longyearbyen',
    latitude: 78.216667,
    longitude: 15.633333,
    rows: [
      ['02-25', '08:11', '14:13'], ['03-05', '06:48', '15:33'], ['03-15', '05:27', '16:49'], ['03-25', '04:09', '18:02'],
      ['04-05', '02:35', '19:32'], ['04-15', '00:38', '21:33'], ['09-05', '02:19', '19:26'], ['09-15', '03:40', '18:00'],
      ['09-25', '04:53', '16:42'], ['10-05', '06:06', '15:23'], ['10-15', '07:29', '13:54'], ['10-25', '09:50', '11:31'],
    ],
  },
];

/**
 * The day whose solarDay holds an event: solarDay gives the events around a UTC day's solar noon, which
 * is the date of the event in local mean solar time (UTC plus 4 minutes per degree east).
 */
const solarDate = (instant: number, longitude: number) => new Date(instant + longitude * 240_000).toISOString().slice(0, 10);
const minutesApart = (actual: Date | null, expected: string) => Math.abs((actual?.getTime() ?? Number.NaN) - Date.parse(expected)) / 60_000;

describe('solarDay', () => {
  const cases = USNO_2020.flatMap((place) =>
    place.rows.flatMap(([day, sunrise, sunset]) =>
      (['sunrise', 'sunset'] as const).map((event) => {
        const expected = `2020-${day}T${event === 'sunrise' ? sunrise : sunset}:00Z`;
        return { place, event, expected };
      }),
    ),
  );

  it.each(cases)('gives $place.name’s $event at $expected within a minute of the USNO table', ({ place, event, expected }) => {
    const day = solarDate(Date.parse(expected), place.longitude);
    expect(minutesApart(solarDay(place.latitude, place.longitude, day)[event], expected)).toBeLessThanOrEqual(1);
  });

  it('gives events around the day’s solar noon, which far east fall on the UTC day before and far west on the day after', () => {
    // Auckland's sunrise on 6 January 2020 (06:09 NZDT) is at 17:09 UTC on the 5th.
    expect(minutesApart(solarDay(-36.833333, 174.8, '2020-01-06').sunrise, '2020-01-05T17:09:00Z')).toBeLessThanOrEqual(1);
    // Anchorage's sunset on 4 January 2020 (15:57 AKST) is at 00:57 UTC on the 5th.
    expect(minutesApart(solarDay(61.216667, -149.866667, '2020-01-04').sunset, '2020-01-05T00:57:00Z')).toBeLessThanOrEqual(1);
  });

  it('has polar night and polar day in Longyearbyen where the USNO table has no sunrise', () => {
    for (const day of ['2020-01-05', '2020-02-15', '2020-11-05', '2020-12-25']) {
      expect(solarDay(78.216667, 15.633333, day)).toEqual({ sunrise: null, sunset: null, daylightHours: 0 });
    }
    for (const day of ['2020-04-25', '2020-06-25', '2020-08-15']) {
      expect(solarDay(78.216667, 15.633333, day)).toEqual({ sunrise: null, sunset: null, daylightHours: 24 });
    }
    // The southern hemisphere the other way round.
    expect(solarDay(-75, 0, '2026-06-21').daylightHours).toBe(0);
    expect(solarDay(-75, 0, '2026-12-21').daylightHours).toBe(24);
  });

  it('gives hours of daylight as the time from sunrise to sunset', () => {
    const { sunrise, sunset, daylightHours } = solarDay(-15.8, -47.85, '2020-06-05');
    expect(daylightHours).toBeCloseTo((sunset!.getTime() - sunrise!.getTime()) / 3_600_000, 6);
    // At the equator the refraction and the sun's radius make every day about 12.1 hours long.
    for (const day of ['2026-03-20', '2026-06-21', '2026-09-23', '2026-12-21']) {
      expect(solarDay(0, 0, day).daylightHours).toBeCloseTo(12.1, 1);
    }
  });

  it('refuses a position or day it cannot place', () => {
    expect(() => solarDay(91, 0, '2026-06-21')).toThrow(RangeError);
    expect(() => solarDay(0, -181, '2026-06-21')).toThrow(RangeError);
    expect(() => solarDay(Number.NaN, 0, '2026-06-21')).toThrow(RangeError);
    expect(() => solarDay(0, 0, '21/06/2026')).toThrow(RangeError);
  });
});

describe('utcClock', () => {
  it('shows an instant as HH:MM in UTC, rounded to the minute', () => {
    expect(utcClock(new Date('2026-12-21T08:03:31Z'))).toBe('08:04');
    expect(utcClock(new Date('2026-12-21T08:03:29Z'))).toBe('08:03');
    expect(utcClock(new Date('2026-06-21T23:59:45Z'))).toBe('00:00');
  });
});
