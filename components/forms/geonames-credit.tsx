/**
 * GeoNames data is CC BY 4.0, which asks for this credit wherever its city names are offered. A module of
 * its own, so a page can show it without the comboboxes' code in ./country-city-fields.tsx.
 */
export function GeoNamesCredit() {
  return (
    <p className="text-center text-xs text-neutral-500">
      City names from{' '}
      <a href="https://www.geonames.org" target="_blank" rel="noopener noreferrer" className="underline">
        GeoNames
      </a>{' '}
      (CC BY 4.0).
    </p>
  );
}
