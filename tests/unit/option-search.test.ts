import { describe, expect, it } from '@jest/globals';
import { orderCountries, sortCities, type LocationOption } from '@/lib/onboarding/locations';
import { createOptionSearch } from '@/lib/option-search';

const country = (value: string, label: string): LocationOption => ({ value, label });
const labels = (options: LocationOption[]) => options.map((o) => o.label);

describe('createOptionSearch', () => {
  const search = createOptionSearch(
    orderCountries([
      country('gb', 'United Kingdom'),
      country('us', 'United States'),
      country('ae', 'United Arab Emirates'),
      country('tz', 'Tanzania, United Republic of'),
      country('ch', 'Switzerland'),
      country('ax', 'Åland Islands'),
      country('sx', 'Sint Maarten'),
    ]),
  );

  it('returns every option for a blank query', () => {
    expect(search('  ')).toHaveLength(7);
  });

  it('lists labels that start with the query first, then word starts, then other matches, each in list order', () => {
    expect(labels(search('unit'))).toEqual(['United Kingdom', 'United States', 'United Arab Emirates', 'Tanzania, United Republic of']);
    expect(labels(search('land'))).toEqual(['Åland Islands', 'Switzerland']);
    expect(labels(search('ar'))).toEqual(['United Arab Emirates', 'Sint Maarten']);
  });

  it('ignores case and accents', () => {
    expect(labels(search('ALAND'))).toEqual(['Åland Islands']);
  });

  it('finds nothing for a query no label contains', () => {
    expect(search('xyz')).toEqual([]);
  });
});

describe('createOptionSearch over cities with populations', () => {
  const search = createOptionSearch(
    sortCities([
      { name: 'Londesborough', population: 0 },
      { name: 'London', population: 7_556_900 },
      { name: 'London Colney', population: 8_000 },
      { name: 'New London', population: 3_000 },
      { name: 'East London', population: 267_000 },
      { name: 'Londonderry County Borough', population: 83_652 },
    ]),
  );

  it('ranks the labels that start with the query by population, largest first', () => {
    expect(labels(search('Lond'))).toEqual(['London', 'Londonderry County Borough', 'London Colney', 'Londesborough', 'East London', 'New London']);
  });

  it('ranks the word starts by population too', () => {
    expect(labels(search('london')).slice(-2)).toEqual(['East London', 'New London']);
  });
});
