'use client';

import { CountryFlag } from '@/components/onboarding/country-flag';
import { useCityOptions, useCountryOptions } from '@/components/onboarding/use-location-options';
import { Alert } from '@/components/ui/alert';
import { Combobox } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';

type Props = {
  country: string;
  city: string;
  onCountryChange: (code: string) => void;
  onCityChange: (name: string) => void;
  error?: string | undefined;
};

/** Country (with its flag) and the country's cities, as the location step and the profile page ask for them. */
export function CountryCityFields({ country, city, onCountryChange, onCityChange, error }: Props) {
  const countries = useCountryOptions();
  const cities = useCityOptions(country);
  // No list for this country (or it would not load): the city is typed instead.
  const typeCity = cities.status === 'failed' || (cities.status === 'ready' && cities.options.length === 0);
  return (
    <>
      {countries.status === 'failed' ? <Alert variant="error">The list of countries could not be loaded. Please reload the page.</Alert> : null}
      <Combobox
        label="Country"
        options={countries.status === 'ready' ? countries.options : []}
        value={country}
        onChange={onCountryChange}
        placeholder="Search for your country"
        loading={countries.status === 'loading' ? 'Loading countries' : undefined}
        disabled={countries.status === 'failed'}
        renderIcon={(option, where) => <CountryFlag code={option.value} alt={where === 'field' ? `${option.label} flag` : ''} />}
      />
      {typeCity ? (
        <Input
          label="City"
          autoComplete="address-level2"
          maxLength={120}
          placeholder="Type your city"
          hint={cities.status === 'failed' ? 'The list of cities could not be loaded.' : 'There is no list of cities for this country.'}
          value={city}
          onChange={(event) => onCityChange(event.target.value)}
          error={error}
          className="h-11"
        />
      ) : (
        <Combobox
          label="City"
          options={cities.status === 'ready' ? cities.options : []}
          value={city}
          onChange={onCityChange}
          placeholder={country ? 'Search for your city' : 'Choose a country first'}
          // The list holds places of 1,000 people or more; anywhere smaller can be typed.
          customOptionLabel={(typed) => `Use “${typed}”`}
          maxLength={120}
          loading={cities.status === 'loading' ? 'Loading cities' : undefined}
          disabled={!country}
          error={error}
        />
      )}
    </>
  );
}
