import { Card } from '@/components/ui/card';
import type { DeviceShop } from '@/lib/kits/device-shops';

/** My devices → Order a device: a shop for each kind of device Vitality connects to, each in a new tab. */
export function OrderDevices({ shops }: { shops: readonly DeviceShop[] }) {
  return (
    <Card title="Order a device">
      <ul className="grid grid-cols-3 gap-4">
        {shops.map((shop) => (
          <li key={shop.name}>
            <a
              href={shop.href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-full flex-col gap-1 rounded-control border border-neutral-200 p-4 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
            >
              <span className="mb-2 block rounded-control bg-brand-50 px-6 py-3">
                {/* eslint-disable-next-line @next/next/no-img-element -- small local SVGs, which the image component would not optimise anyway */}
                <img src={shop.image.src} alt="" width={400} height={300} loading="lazy" decoding="async" className="mx-auto h-20 w-auto" />
              </span>
              <span className="text-xs font-medium text-neutral-600">{shop.kind}</span>
              <span className="font-semibold text-neutral-900">
                {shop.name}
                <span className="sr-only"> (opens the shop in a new tab)</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
