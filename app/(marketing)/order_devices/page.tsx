import type { Metadata } from 'next';
import Image from 'next/image';
import { BackLink } from '@/components/back-link';
import { DEVICE_SHOPS } from '@/lib/kits/device-shops';
import { getSessionUser } from '@/lib/auth/sessions';
import { connectableWearables } from '@/lib/offers/install-offers';
import { connectWords } from '@/lib/wearables/connect-words';
import { DASHBOARD_PATH } from '@/lib/routes';
import { sameSitePath } from '@/lib/same-site-path';

export const metadata: Metadata = { title: 'Order a device' };

type OrderDevicesPageProps = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function OrderDevicesPage({ searchParams }: OrderDevicesPageProps) {
  // The opener passes ?origin=/onboarding_12 (or similar) so Back returns there; without one, a signed-in
  // member goes back to the dashboard and anyone else to the landing page.
  const { origin } = await searchParams;
  const backHref = sameSitePath(origin, (await getSessionUser()) ? DASHBOARD_PATH : '/');
  const words = connectWords(connectableWearables());

  return (
    <div className="mx-auto w-full max-w-6xl px-8 py-12">
      <BackLink href={backHref}>Back</BackLink>
      <h1 className="mt-6 text-4xl font-semibold tracking-tight text-neutral-950">Order a device</h1>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-neutral-600">
        Vitality works best with data from a wearable. Pick one of the devices we connect to; each link opens the
        maker&apos;s shop in a new tab. {words.afterDelivery}
      </p>

      <ul className="mt-10 grid grid-cols-3 gap-6">
        {DEVICE_SHOPS.map((device) => (
          <li
            key={device.href}
            className="group relative flex flex-col rounded-card border border-neutral-200 bg-white shadow-card transition-shadow focus-within:shadow-lg hover:shadow-lg"
          >
            <a
              href={device.href}
              target="_blank"
              rel="noopener noreferrer"
              // The ::after overlay stretches the link over the whole card, while its name stays short.
              className="flex flex-col rounded-card after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
            >
              <span className="block rounded-t-card bg-brand-50 px-8 py-6">
                <Image
                  src={device.image.src}
                  alt={device.image.alt}
                  width={400}
                  height={300}
                  className="h-auto w-full transition-transform duration-300 group-hover:scale-[1.03]"
                />
              </span>
              <span className="px-6 pt-5 text-xs font-semibold tracking-wide text-brand-700 uppercase">
                {device.kind}
              </span>
              <span className="px-6 pt-1 text-xl font-semibold text-neutral-900">
                {device.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
            </a>
            <p className="flex-1 px-6 pt-2 text-sm leading-relaxed text-neutral-600">{device.description}</p>
            <p className="flex items-center gap-1.5 px-6 pt-4 pb-6 text-sm font-medium text-brand-700">
              Visit {new URL(device.href).hostname.replace(/^www\./, '')}
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.29a1 1 0 1 0 1.42 1.42L15 6.41V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
                <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
              </svg>
            </p>
          </li>
        ))}
      </ul>

      <p className="mt-8 text-sm text-neutral-500">
        Prices, delivery and returns are set by each retailer. {words.alreadyHave}
      </p>
    </div>
  );
}
