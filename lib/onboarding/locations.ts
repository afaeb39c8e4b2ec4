// The country and city option lists, as the generator (scripts/generate-locations.ts) orders them
// and the step-5 form finds them. Pure, so it runs in Node and in the browser alike.

/** `population` (cities only, when the dataset knows it) ranks the type-ahead's matches. */
export type LocationOption = { value: string; label: string; population?: number };
/** A city as the dataset gives it; a bare name has no known population. */
export type CitySource = string | { name: string; population: number };

/** SPEC §9: these come first, in this order; every other country follows alphabetically. */
export const PRIORITY_COUNTRIES = ['gb', 'us', 'ca', 'au', 'de', 'fr'] as const;

// English collation: 'Åland Islands' sits with the As and 'Zürich' after 'Zug'; numeric for 'Nagar 2'.
const byLabel = new Intl.Collator('en', { sensitivity: 'variant', numeric: true });
// Names that differ only in case are one city; names that differ in accents are not.
const sameName = new Intl.Collator('en', { sensitivity: 'accent' });

export const countryFlagPath = (code: string) => `/flags/${code.toLowerCase()}.svg`;
export const cityListPath = (code: string) => `/cities/${code.toLowerCase()}.json`;

/** Priority countries first (those present), then the rest by label. */
export function orderCountries(countries: readonly LocationOption[]): LocationOption[] {
  const rank = (value: string) => {
    const index = (PRIORITY_COUNTRIES as readonly string[]).indexOf(value);
    return index === -1 ? PRIORITY_COUNTRIES.length : index;
  };
  return [...countries].sort((a, b) => rank(a.value) - rank(b.value) || byLabel.compare(a.label, b.label));
}

/**
 * Cities as options, sorted by label, trimmed, blanks dropped and duplicates kept once with the
 * largest population among them (omitted when unknown, to keep the files small).
 */
export function sortCities(cities: Iterable<CitySource>): LocationOption[] {
  const sorted = [...cities]
    .map((city) => (typeof city === 'string' ? { name: city, population: 0 } : city))
    .map((city) => ({ name: city.name.normalize('NFC').replace(/\s+/g, ' ').trim(), population: city.population }))
    .filter((city) => city.name !== '')
    .sort((a, b) => byLabel.compare(a.name, b.name));
  const options: LocationOption[] = [];
  for (const city of sorted) {
    const last = options.at(-1);
    // The collator orders case variants of one name next to each other, so neighbours suffice.
    if (last && sameName.compare(city.name, last.label) === 0) {
      if (city.population > (last.population ?? 0)) last.population = city.population;
      continue;
    }
    options.push(city.population > 0 ? { value: city.name, label: city.name, population: city.population } : { value: city.name, label: city.name });
  }
  return options;
}
