'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '@/components/auth/password-input';
import { GeoNamesCredit } from '@/components/forms/geonames-credit';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import type { UnitSystem, WeightUnit } from '@/lib/units';
import type { ProfilePageErrors, ProfilePageValues } from '@/lib/validation/profile-page';
import { useStepUp } from '@/components/security/step-up';
import { LocationFields } from './location-fields';

type Status = { kind: 'idle' | 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

// Save's code (SPEC §5's checks, the unit conversions, the request) is needed only on Save: it is fetched
// once the member is in the form, and a Save that comes first waits for it.
const loadSave = () => import('./profile-save');
const preloadSave = () => {
  // A failed fetch is tried again on Save, which reports it.
  loadSave().catch(() => undefined);
};

type Props = {
  initial: ProfilePageValues;
  units: UnitSystem;
  weightUnit: WeightUnit;
  savedEmail: string;
  /** false for an account that signs in only with Google or Apple. */
  hasPassword: boolean;
};

/** /profile's form: the member's details in their units, SPEC §5's checks before sending, cm and kg on the wire. */
export function ProfileForm({ initial, units, weightUnit, savedEmail, hasPassword }: Props) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProfilePageErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [emailOnFile, setEmailOnFile] = useState(savedEmail);
  const stepUp = useStepUp('change your e-mail or password');
  const credentialsChange = values.password !== '' || values.email.trim().toLowerCase() !== emailOnFile;

  const set = (field: keyof ProfilePageValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setStatus({ kind: 'idle' });
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const { saveProfile } = await loadSave();
      const outcome = await saveProfile(
        values,
        units,
        emailOnFile,
        () => {
          setErrors({});
          setStatus({ kind: 'saving' });
        },
        stepUp.run,
      );
      if ('errors' in outcome) {
        setErrors(outcome.errors);
        setStatus({ kind: 'idle' });
        // The first field with a message takes the focus, so a keyboard or screen-reader user lands on it.
        const first = Object.keys(outcome.errors)[0];
        if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      } else if ('failed' in outcome) {
        setStatus({ kind: 'failed', message: outcome.failed });
      } else if ('saved' in outcome) {
        if (outcome.saved.email) setEmailOnFile(outcome.saved.email);
        setValues((current) => ({ ...current, password: '', current_password: '' }));
        setStatus({ kind: 'saved' });
        router.refresh();
      }
    } catch {
      // No answer, or the Save code itself could not be fetched.
      setStatus({ kind: 'failed', message: 'We could not reach Vitality. Check your connection and try again.' });
    }
  };

  const field = (name: keyof ProfilePageValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    error: errors[name],
  });

  return (
    <>
      <form onSubmit={(event) => void save(event)} onFocus={preloadSave} noValidate className="flex flex-col gap-6">
        <div className="grid grid-cols-2 gap-5">
          <Input label="Name" autoComplete="given-name" maxLength={100} {...field('name')} />
          <Input label="Surname" autoComplete="family-name" maxLength={100} {...field('surname')} />
          <Input label="Date of birth" type="date" autoComplete="bday" max={new Date().toISOString().slice(0, 10)} {...field('date_of_birth')} />
          <Input
            label={units === 'metric' ? 'Height (cm)' : 'Height (ft/in)'}
            inputMode={units === 'metric' ? 'numeric' : 'text'}
            placeholder={units === 'metric' ? '178' : `5' 10"`}
            maxLength={units === 'metric' ? 5 : 8}
            {...field('height')}
          />
          <Input label={`Current weight (${weightUnit})`} inputMode="decimal" maxLength={6} {...field('weight')} />
          <Input label={`Desired weight (${weightUnit})`} inputMode="decimal" maxLength={6} hint="Optional" {...field('goal_weight')} />
        </div>
        <div className="grid grid-cols-2 gap-5">
          <LocationFields
            country={values.country}
            city={values.city}
            onCountryChange={(code) => {
              // SPEC §4: choosing a country clears the city.
              setValues((current) => ({ ...current, country: code, city: '' }));
              setStatus({ kind: 'idle' });
            }}
            onCityChange={set('city')}
            error={errors.city}
          />
        </div>
        <div className="grid grid-cols-2 gap-5">
          <Input label="E-mail" type="email" autoComplete="email" maxLength={254} {...field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            maxLength={128}
            placeholder={hasPassword ? 'Leave blank to keep your password' : 'No password set'}
            hint="At least 8 characters. Changing it signs you out everywhere else."
            {...field('password')}
          />
          {credentialsChange ? (
            <PasswordInput label="Current password" autoComplete="current-password" maxLength={128} hint="Needed to change your e-mail or password." {...field('current_password')} />
          ) : null}
        </div>
        <div role="status" aria-live="polite">
          {status.kind === 'saved' ? <Alert variant="success">Your profile is saved.</Alert> : null}
        </div>
        {status.kind === 'failed' ? <Alert variant="error">{status.message}</Alert> : null}
        <div className="flex items-center justify-between gap-4">
          <GeoNamesCredit />
          <SubmitButton loading={status.kind === 'saving'}>
            Save
          </SubmitButton>
        </div>
      </form>
      {/* Outside the form: the dialog has a form of its own. */}
      {stepUp.dialog}
    </>
  );
}
