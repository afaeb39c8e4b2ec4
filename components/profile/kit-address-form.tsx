'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import type { Problem } from '@/lib/client/problem';
import type { KitAddress } from '@/lib/validation/kit-address';
import { addressFormatOf } from '@/lib/validation/kit-address-formats';
import type { KitField, KitFieldErrors } from './kit-order-send';

const OFFLINE = 'There was a problem connecting to the server. Please try again.';

// The request is needed only on submit: its code is fetched once the member is in the form, and a
// submit that comes first waits for it.
const loadSend = () => import('./kit-order-send');
const preloadSend = () => {
  // A failed fetch is tried again on submit, which reports it.
  loadSend().catch(() => undefined);
};

/**
 * The kit's delivery address, its fields following the country. The server checks the address
 * (lib/validation/kit-address.ts) and its messages show on the fields, so no schema code loads here.
 */
export function KitAddressForm({ address, ordered, countries }: { address: KitAddress; ordered: boolean; countries: SelectOption[] }) {
  const router = useRouter();
  const [country, setCountry] = useState(address.country);
  const [errors, setErrors] = useState<KitFieldErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const format = addressFormatOf(country);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    setSaving(true);
    try {
      const { sendKitOrder } = await loadSend();
      const outcome = await sendKitOrder(form);
      if ('saved' in outcome) {
        setErrors({});
        router.refresh();
      } else if ('fieldErrors' in outcome) {
        setErrors(outcome.fieldErrors);
        form.querySelector<HTMLElement>(`[name="${outcome.first}"]`)?.focus();
      } else {
        setProblem(outcome.problem);
      }
    } catch {
      setProblem({ title: OFFLINE });
    }
    setSaving(false);
  };

  // A field's message goes as the member edits it.
  const clearError = (name: string) => setErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
  const field = (name: KitField) => ({ name, defaultValue: address[name] ?? '', error: errors[name] });

  return (
    <>
      <ProblemAlert problem={problem} />
      <form
        onSubmit={(event) => void submit(event)}
        onFocus={preloadSend}
        // Bubbled up from the field the member changed.
        onChange={(event) => clearError((event.target as Element).getAttribute('name') ?? '')}
        noValidate
        className="grid grid-cols-2 gap-4"
        aria-label="Kit delivery address"
      >
        <Input label="Full name" autoComplete="name" containerClassName="col-span-2" {...field('full_name')} />
        <Select
          label="Country"
          autoComplete="country"
          options={countries}
          name="country"
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          error={errors.country}
          containerClassName="col-span-2"
        />
        <Input label="Address line 1" autoComplete="address-line1" containerClassName="col-span-2" {...field('line1')} />
        <Input label="Address line 2 (optional)" autoComplete="address-line2" containerClassName="col-span-2" {...field('line2')} />
        <Input label="Town or city" autoComplete="address-level2" {...field('city')} />
        {format.region ? <Input label={format.region.required ? format.region.label : `${format.region.label} (optional)`} autoComplete="address-level1" {...field('region')} /> : null}
        <Input label={format.postal.label} autoComplete="postal-code" hint={format.postal.example ? `For example ${format.postal.example}` : undefined} {...field('postal_code')} />
        <div className="col-span-2">
          <SubmitButton loading={saving}>
            {ordered ? 'Save the address' : 'Order my kit'}
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
