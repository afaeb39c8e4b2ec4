// The country and city option lists, as the generator (scripts/generate-locations.ts) orders them
// and the step-5 form finds them. Pure, so it runs in Node and in the browser alike.

export type LocationOption = { value: string; label: string };

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

/** City names as options, sorted by label, trimmed, blanks dropped and duplicates kept once. */
export function sortCities(names: Iterable<string>): LocationOption[] {
  const sorted = [...names]
    .map((name) => name.normalize('NFC').replace(/\s+/g, ' ').trim())
    .filter((name) => name !== '')
    .sort(byLabel.compare);
  // The collator orders case variants of one name next to each other, so neighbours suffice.
  const unique = sorted.filter((name, i) => i === 0 || sameName.compare(name, sorted[i - 1] ?? '') !== 0);
  return unique.map((name) => ({ value: name, label: name }));
}
