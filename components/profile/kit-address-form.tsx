'use client';

import { useRouter } from 'next/navigation';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { formatDateGB } from '@/lib/format';
import type { KitOrderView } from '@/lib/kits/orders';
import { addressFormatOf, kitAddressSchema } from '@/lib/validation/kit-address';

const FAILED = 'Your kit order could not be saved. Please try again.';
const OFFLINE = 'There was a problem connecting to the server. Please try again.';

/** Track one's blood testing kit: where to post it, and whether it is on its way. */
export function KitOrder({ initial, countries, defaults }: { initial: KitOrderView | null; countries: SelectOption[]; defaults: { full_name: string; country: string } }) {
  const router = useRouter();
  const { form, register, errors, submit, problem, saving } = useSubmitForm({
    schema: kitAddressSchema,
    defaultValues: initial?.address ?? { full_name: defaults.full_name, line1: '', line2: '', city: '', region: '', postal_code: '', country: defaults.country },
    url: '/api/kit-order',
    failed: FAILED,
    offline: OFFLINE,
    success: { run: () => router.refresh() },
  });
  const format = addressFormatOf(form.watch('country') || '');
  return (
    <div className="flex flex-col gap-4">
      {initial?.status === 'ordered' ? (
        <Alert variant="success" title="Your kit is on its way">
          Ordered on {formatDateGB(initial.ordered_at!.slice(0, 10))}. The kit team posts it within a few working days, to the address below.
        </Alert>
      ) : initial ? (
        <Alert variant="warning" title="Your kit is not on its way yet">
          Your address is saved, but kit orders are not being sent out at the moment. Your order goes out as soon as they are.
        </Alert>
      ) : (
        <p className="text-sm text-neutral-700">Track one starts with a blood test from us. Tell us where to post your kit: it holds everything for a finger-prick sample and a prepaid envelope to the lab.</p>
      )}
      <ProblemAlert problem={problem} />
      <form onSubmit={(event) => void submit(event)} noValidate className="grid grid-cols-2 gap-4" aria-label="Kit delivery address">
        <Input label="Full name" autoComplete="name" error={errors.full_name?.message} containerClassName="col-span-2" {...register('full_name')} />
        <Select label="Country" autoComplete="country" options={countries} error={errors.country?.message} containerClassName="col-span-2" {...register('country')} />
        <Input label="Address line 1" autoComplete="address-line1" error={errors.line1?.message} containerClassName="col-span-2" {...register('line1')} />
        <Input label="Address line 2 (optional)" autoComplete="address-line2" error={errors.line2?.message} containerClassName="col-span-2" {...register('line2')} />
        <Input label="Town or city" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        {format.region ? (
          <Input label={format.region.required ? format.region.label : `${format.region.label} (optional)`} autoComplete="address-level1" error={errors.region?.message} {...register('region')} />
        ) : null}
        <Input
          label={format.postal.label}
          autoComplete="postal-code"
          hint={format.postal.example ? `For example ${format.postal.example}` : undefined}
          error={errors.postal_code?.message}
          {...register('postal_code')}
        />
        <div className="col-span-2">
          <Button type="submit" loading={saving}>
            {initial ? 'Save the address' : 'Order my kit'}
          </Button>
        </div>
      </form>
    </div>
  );
}
