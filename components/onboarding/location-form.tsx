'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { stepPath } from '@/lib/onboarding/steps';
import { locationFormSchema } from '@/lib/validation/location-form';
import { CountryFlag } from './country-flag';
import { useLocationAccess } from './use-location-access';
import { useCityOptions, useCountryOptions } from './use-location-options';

/** /onboarding_5: country with flags, the country's cities, and the location-access switch. */
export function LocationForm({ savedCountry, savedCity }: { savedCountry: string; savedCity: string }) {
  const [country, setCountry] = useState(savedCountry);
  const [city, setCity] = useState(savedCity);
  const countries = useCountryOptions();
  const cities = useCityOptions(country);
  const access = useLocationAccess();
  const location = { country, city, allow_location_access: access.enabled };
  const { form, submit, problem, saving } = useSubmitForm({
    schema: locationFormSchema,
    defaultValues: location,
    values: location,
    url: '/api/update_location',
    body: ({ country, city }) => ({ country, city, allow_location_access: true }),
    failed: 'Failed to update location',
    offline: 'An error occurred while updating your location',
    success: { navigate: stepPath('height') },
  });
  const fieldErrors = form.formState.errors;
  const errors = { place: fieldErrors.country?.message ?? fieldErrors.city?.message, access: fieldErrors.allow_location_access?.message };
  // No list for this country (or it would not load): the city is typed instead.
  const typeCity = cities.status === 'failed' || (cities.status === 'ready' && cities.options.length === 0);

  const chooseCountry = (code: string) => {
    setCountry(code);
    setCity('');
    form.clearErrors(['country', 'city']);
  };
  const chooseCity = (name: string) => {
    setCity(name);
    form.clearErrors(['country', 'city']);
  };
  const toggleAccess = (on: boolean) => {
    access.setEnabled(on);
    if (on) form.clearErrors('allow_location_access');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      {countries.status === 'failed' ? <Alert variant="error">The list of countries could not be loaded. Please reload the page.</Alert> : null}
      <div className="flex flex-col gap-5">
        <Combobox
          label="Country"
          options={countries.status === 'ready' ? countries.options : []}
          value={country}
          onChange={chooseCountry}
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
            onChange={(event) => chooseCity(event.target.value)}
            error={errors.place}
            className="h-11"
          />
        ) : (
          <Combobox
            label="City"
            options={cities.status === 'ready' ? cities.options : []}
            value={city}
            onChange={chooseCity}
            placeholder={country ? 'Search for your city' : 'Choose a country first'}
            // The list holds places of 1,000 people or more; anywhere smaller can be typed.
            customOptionLabel={(typed) => `Use “${typed}”`}
            maxLength={120}
            loading={cities.status === 'loading' ? 'Loading cities' : undefined}
            disabled={!country}
            error={errors.place}
          />
        )}
      </div>
      <div className="flex flex-col gap-3">
        <Switch
          label="Allow location access"
          description="Your location lets us tailor recommendations to your local daylight and weather."
          leading={<PinIcon />}
          checked={access.enabled}
          onCheckedChange={toggleAccess}
          error={errors.access}
        />
        {access.notice ? <Alert variant={access.notice.variant}>{access.notice.text}</Alert> : null}
      </div>
      <Button type="submit" size="lg" loading={saving} className="w-full">
        Continue
      </Button>
      {/* GeoNames data is CC BY 4.0, which asks for this credit. */}
      <p className="text-center text-xs text-neutral-500">
        City names from{' '}
        <a href="https://www.geonames.org" target="_blank" rel="noopener noreferrer" className="underline">
          GeoNames
        </a>{' '}
        (CC BY 4.0).
      </p>
    </form>
  );
}

function PinIcon() {
  return (
    <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M9.69 18.93a.75.75 0 0 0 .62 0l.01-.01.03-.01a8.5 8.5 0 0 0 .5-.27c.3-.17.72-.43 1.2-.79a13.9 13.9 0 0 0 2.96-2.94A8.9 8.9 0 0 0 17 9.5a7 7 0 1 0-14 0c0 2.1.74 3.9 1.99 5.4.94 1.14 2.04 2.03 2.96 2.75.48.36.9.62 1.2.79a8.5 8.5 0 0 0 .5.27l.03.01.01.01ZM10 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"
        />
      </svg>
    </span>
  );
}
