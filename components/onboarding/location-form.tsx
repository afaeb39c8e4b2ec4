'use client';

import { useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Switch } from '@/components/ui/switch';
import { stepPath } from '@/lib/routes';
import { locationFormSchema } from '@/lib/validation/location-form';
import { CountryCityFields } from '@/components/forms/country-city-fields';
import { GeoNamesCredit } from '@/components/forms/geonames-credit';
import { useLocationAccess } from './use-location-access';

/** /onboarding_5: country with flags, the country's cities, and the location-access switch. */
export function LocationForm({ savedCountry, savedCity }: { savedCountry: string; savedCity: string }) {
  const [country, setCountry] = useState(savedCountry);
  const [city, setCity] = useState(savedCity);
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
      <div className="flex flex-col gap-5">
        <CountryCityFields country={country} city={city} onCountryChange={chooseCountry} onCityChange={chooseCity} error={errors.place} />
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
      <SubmitButton size="lg" loading={saving} className="w-full">
        Continue
      </SubmitButton>
      <GeoNamesCredit />
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
