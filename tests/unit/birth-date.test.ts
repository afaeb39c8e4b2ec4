import { describe, expect, it } from '@jest/globals';
import { birthYears, daysInMonth, initialBirthDate, isLeapYear, toIsoDate, withValidDay } from '@/lib/onboarding/birth-date';

describe('birthYears', () => {
  it('covers 100 years, newest first, from 2025 down to 1926', () => {
    const years = birthYears();
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(1926);
    expect(years.every((year, index) => index === 0 || year === (years[index - 1] ?? 0) - 1)).toBe(true);
  });
});

describe('daysInMonth', () => {
  it.each<[number, number, number]>([
    [2024, 2, 29],
    [2023, 2, 28],
    [2000, 2, 29], // divisible by 400
    [1900, 2, 28], // divisible by 100 only
    [2023, 1, 31],
    [2023, 4, 30],
    [2023, 6, 30],
    [2023, 7, 31],
    [2023, 8, 31],
    [2023, 9, 30],
    [2023, 11, 30],
    [2023, 12, 31],
  ])('%d-%d has %d days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('agrees with the calendar for every month of every offered year', () => {
    for (const year of birthYears())
      for (let month = 1; month <= 12; month += 1) expect(daysInMonth(year, month)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
  });

  it('knows leap years', () => {
    expect([2024, 2000, 1996].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2025].map(isLeapYear)).toEqual([false, false, false]);
  });
});

describe('withValidDay', () => {
  it('clamps a day the month does not have', () => {
    expect(withValidDay({ year: 2023, month: 4, day: 31 })).toEqual({ year: 2023, month: 4, day: 30 });
    expect(withValidDay({ year: 2023, month: 2, day: 29 })).toEqual({ year: 2023, month: 2, day: 28 });
    expect(withValidDay({ year: 2024, month: 2, day: 31 })).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('keeps a day that exists', () => {
    expect(withValidDay({ year: 2024, month: 2, day: 29 })).toEqual({ year: 2024, month: 2, day: 29 });
    expect(withValidDay({ year: 2023, month: 1, day: 31 })).toEqual({ year: 2023, month: 1, day: 31 });
  });
});

describe('toIsoDate and initialBirthDate', () => {
  it('pads month and day', () => {
    expect(toIsoDate({ year: 2005, month: 5, day: 3 })).toBe('2005-05-03');
    expect(toIsoDate({ year: 1990, month: 11, day: 21 })).toBe('1990-11-21');
  });

  it('makes up no date when none is saved', () => {
    expect(initialBirthDate(null)).toBeNull();
  });

  it('starts from a saved date', () => {
    expect(initialBirthDate('1984-02-29')).toEqual({ year: 1984, month: 2, day: 29 });
  });

  it('gives none for a saved year the selects do not offer', () => {
    expect(initialBirthDate('1925-06-01')).toBeNull();
    expect(initialBirthDate('not a date')).toBeNull();
  });
});
