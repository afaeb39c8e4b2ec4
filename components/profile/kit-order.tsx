import { Alert } from '@/components/ui/alert';
import type { SelectOption } from '@/components/ui/select';
import { formatDateGB } from '@/lib/format';
import type { KitOrderView } from '@/lib/kits/orders';
import { KitAddressForm } from './kit-address-form';

/** Track one's blood testing kit: whether it is on its way (rendered here), and where to post it (a client form). */
export function KitOrder({ initial, countries, defaults, kits }: { initial: KitOrderView | null; countries: SelectOption[]; defaults: { full_name: string; country: string }; kits: boolean }) {
  const address = initial?.address ?? { full_name: defaults.full_name, line1: '', line2: '', city: '', region: '', postal_code: '', country: defaults.country };
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
      ) : kits ? (
        <p className="text-sm text-neutral-700">Track one starts with a blood test from us. Tell us where to post your kit: it holds everything for a finger-prick sample and a prepaid envelope to the lab.</p>
      ) : (
        <p className="text-sm text-neutral-700">Kit orders are not being sent out yet. Save your address and your kit goes out as soon as they are; meanwhile, a lab report you already have can be uploaded below.</p>
      )}
      <KitAddressForm address={address} ordered={initial !== null} countries={countries} />
    </div>
  );
}
