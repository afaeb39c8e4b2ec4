import { describe, expect, it } from '@jest/globals';
import { cityListPath, countryFlagPath, orderCountries, sortCities, type LocationOption } from '@/lib/onboarding/locations';

const country = (value: string, label: string): LocationOption => ({ value, label });
const labels = (options: LocationOption[]) => options.map((o) => o.label);

describe('orderCountries', () => {
  const shuffled = [
    country('fr', 'France'),
    country('zw', 'Zimbabwe'),
    country('ax', 'Åland Islands'),
    country('us', 'United States'),
    country('de', 'Germany'),
    country('af', 'Afghanistan'),
    country('au', 'Australia'),
    country('ae', 'United Arab Emirates'),
    country('ca', 'Canada'),
    country('gb', 'United Kingdom'),
    country('al', 'Albania'),
  ];

  it('puts gb, us, ca, au, de, fr first in that order, then the rest alphabetically by label', () => {
    expect(orderCountries(shuffled).map((c) => c.value)).toEqual(['gb', 'us', 'ca', 'au', 'de', 'fr', 'af', 'ax', 'al', 'ae', 'zw']);
  });

  it('sorts accented labels with their base letter, not after Z', () => {
    expect(labels(orderCountries(shuffled)).slice(6, 9)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
  });

  it('keeps the priority order when some priority countries are missing, and does not change its input', () => {
    const input = [country('fr', 'France'), country('be', 'Belgium'), country('ca', 'Canada')];
    expect(orderCountries(input).map((c) => c.value)).toEqual(['ca', 'fr', 'be']);
    expect(input.map((c) => c.value)).toEqual(['fr', 'be', 'ca']);
  });
});

describe('sortCities', () => {
  it('sorts by label, locale-aware, with value equal to label', () => {
    expect(sortCities(['Zürich', 'Zug', 'Ábrego', 'Aarau', 'Basel', 'bern'])).toEqual(
      ['Aarau', 'Ábrego', 'Basel', 'bern', 'Zug', 'Zürich'].map((name) => ({ value: name, label: name })),
    );
  });

  it('orders numbers inside names numerically', () => {
    expect(labels(sortCities(['Colonia 10', 'Colonia 9', 'Colonia 1']))).toEqual(['Colonia 1', 'Colonia 9', 'Colonia 10']);
  });

  it('keeps one of each name: repeats and case variants go, accent variants stay', () => {
    expect(labels(sortCities(['Wootton', 'Newport', 'Wootton', 'NEWPORT', 'Newport', 'Pollau', 'Pöllau']))).toEqual(['Newport', 'Pollau', 'Pöllau', 'Wootton']);
  });

  it('trims names, folds inner spaces and drops blank ones', () => {
    expect(labels(sortCities(['  Leeds ', 'Milton   Keynes', '', '   ', 'Leeds']))).toEqual(['Leeds', 'Milton Keynes']);
  });

  it('gives an empty list for a country without cities', () => {
    expect(sortCities([])).toEqual([]);
  });
});

describe('static file paths', () => {
  it('use the lower-case country code', () => {
    expect(countryFlagPath('GB')).toBe('/flags/gb.svg');
    expect(cityListPath('De')).toBe('/cities/de.json');
  });
});

describe('sortCities with populations', () => {
  it('keeps the largest population of a name listed twice, and leaves unknown ones out', () => {
    expect(sortCities([{ name: 'London', population: 1046 }, { name: 'London', population: 7_556_900 }, { name: 'Londesborough', population: 0 }])).toEqual([
      { value: 'Londesborough', label: 'Londesborough' },
      { value: 'London', label: 'London', population: 7_556_900 },
    ]);
  });
});
