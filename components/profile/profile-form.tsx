'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '@/components/auth/password-input';
import { CountryCityFields, GeoNamesCredit } from '@/components/forms/country-city-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { postJson } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';
import { weightUnitOf, type UnitSystem } from '@/lib/units';
import { checkProfilePage, type ProfilePageErrors, type ProfilePageValues } from '@/lib/validation/profile-page';

type Status = { kind: 'idle' | 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

type Props = {
  initial: ProfilePageValues;
  units: UnitSystem;
  savedEmail: string;
  /** false for an account that signs in only with Google or Apple. */
  hasPassword: boolean;
};

/** /profile's form: the member's details in their units, SPEC §5's checks before sending, cm and kg on the wire. */
export function ProfileForm({ initial, units, savedEmail, hasPassword }: Props) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProfilePageErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [emailOnFile, setEmailOnFile] = useState(savedEmail);
  const weightUnit = weightUnitOf(units);
  const credentialsChange = values.password !== '' || values.email.trim().toLowerCase() !== emailOnFile;

  const set = (field: keyof ProfilePageValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setStatus({ kind: 'idle' });
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkProfilePage(values, units, emailOnFile);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setStatus({ kind: 'idle' });
      // The first field with a message takes the focus, so a keyboard or screen-reader user lands on it.
      const first = Object.keys(checked.errors)[0];
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: 'saving' });
    try {
      const result = await postJson('/api/set-user-info', checked.payload);
      if (result.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      if (!result.ok) {
        setStatus({ kind: 'failed', message: result.message ?? 'Your profile could not be saved. Please try again.' });
        return;
      }
      if (checked.payload.email) setEmailOnFile(checked.payload.email);
      setValues((current) => ({ ...current, password: '', current_password: '' }));
      setStatus({ kind: 'saved' });
      router.refresh();
    } catch {
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
    <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-6">
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
        <CountryCityFields
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
        <Button type="submit" loading={status.kind === 'saving'}>
          Save
        </Button>
      </div>
    </form>
  );
}
