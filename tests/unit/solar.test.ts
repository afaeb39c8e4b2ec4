import { describe, expect, it } from '@jest/globals';
import { solarDay, utcClock } from '@/lib/solar';

// Reference times: NOAA's Solar Calculator and timeanddate.com, both to the minute, in UTC.
const minutesApart = (actual: Date | null, expected: string) => Math.abs((actual?.getTime() ?? Number.NaN) - Date.parse(expected)) / 60_000;

describe('solarDay', () => {
  it('gives London’s midsummer sunrise and sunset within 2 minutes', () => {
    const { sunrise, sunset, daylightHours } = solarDay(51.5074, -0.1278, '2026-06-21');
    expect(minutesApart(sunrise, '2026-06-21T03:43:00Z')).toBeLessThanOrEqual(2);
    expect(minutesApart(sunset, '2026-06-21T20:21:00Z')).toBeLessThanOrEqual(2);
    expect(daylightHours).toBeCloseTo(16.63, 1);
  });

  it('gives London’s midwinter sunrise and sunset within 2 minutes', () => {
    const { sunrise, sunset, daylightHours } = solarDay(51.5074, -0.1278, '2026-12-21');
    expect(minutesApart(sunrise, '2026-12-21T08:04:00Z')).toBeLessThanOrEqual(2);
    expect(minutesApart(sunset, '2026-12-21T15:54:00Z')).toBeLessThanOrEqual(2);
    expect(daylightHours).toBeGreaterThan(7.7);
    expect(daylightHours).toBeLessThan(7.95);
  });

  it('has polar day in Tromsø at midsummer and polar night at midwinter', () => {
    expect(solarDay(69.65, 18.96, '2026-06-21')).toEqual({ sunrise: null, sunset: null, daylightHours: 24 });
    expect(solarDay(69.65, 18.96, '2026-12-21')).toEqual({ sunrise: null, sunset: null, daylightHours: 0 });
    // The southern hemisphere the other way round.
    expect(solarDay(-75, 0, '2026-06-21').daylightHours).toBe(0);
    expect(solarDay(-75, 0, '2026-12-21').daylightHours).toBe(24);
  });

  it('gives about 12.1 hours at the equator all year', () => {
    for (const day of ['2026-03-20', '2026-06-21', '2026-09-23', '2026-12-21']) {
      expect(solarDay(0, 0, day).daylightHours).toBeCloseTo(12.1, 1);
    }
  });

  it('gives events around the day’s solar noon, which far east fall on the UTC day before', () => {
    // Sydney, 21 June: sunrise 07:00 AEST (21:00 UTC the day before), sunset 16:54 AEST.
    const { sunrise, sunset } = solarDay(-33.87, 151.21, '2026-06-21');
    expect(minutesApart(sunrise, '2026-06-20T21:00:00Z')).toBeLessThanOrEqual(2);
    expect(minutesApart(sunset, '2026-06-21T06:54:00Z')).toBeLessThanOrEqual(2);
    // New York, 21 June: 05:25 and 20:31 EDT, the sunset after midnight UTC.
    const ny = solarDay(40.7128, -74.006, '2026-06-21');
    expect(minutesApart(ny.sunrise, '2026-06-21T09:25:00Z')).toBeLessThanOrEqual(2);
    expect(minutesApart(ny.sunset, '2026-06-22T00:31:00Z')).toBeLessThanOrEqual(2);
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
