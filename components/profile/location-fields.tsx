'use client';

import { lazy, Suspense, useId, type ComponentProps } from 'react';
import type { CountryCityFields as Fields } from '@/components/forms/country-city-fields';
import { controlClassName } from '@/components/ui/use-field-a11y';
import { Spinner } from '@/components/ui/spinner';
import { afterLoad } from '@/lib/client/after-load';
import { useHydrated } from '@/lib/client/use-hydrated';

// The country and city comboboxes arrive in their loading state either way (their option lists are
// fetched in the browser), so their code is fetched once the page has loaded, like the dashboard's
// charts, and until it is there the fields show that same loading state, rendered on the server.
const CountryCityFields = lazy(() =>
  afterLoad()
    .then(() => import('@/components/forms/country-city-fields'))
    .then((module) => ({ default: module.CountryCityFields })),
);

type Props = ComponentProps<typeof Fields>;

/** The profile's Country and City fields (components/forms/country-city-fields.tsx), loaded after the page. */
export function LocationFields(props: Props) {
  // React.lazy renders in the browser only: the server, and the hydration after it, show the placeholder.
  const hydrated = useHydrated();
  const loading = (
    <>
      <LoadingField label="Country" value={props.country} loading="Loading countries" />
      <LoadingField label="City" value={props.city} loading={props.country ? 'Loading cities' : undefined} />
    </>
  );
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <CountryCityFields {...props} />
    </Suspense>
  );
}

/** A combobox as it looks while its options load: labelled, disabled, with the spinner in place of the chevron. */
function LoadingField({ label, value, loading }: { label: string; value: string; loading: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 flex -translate-y-1/2 items-center text-neutral-400">
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path fillRule="evenodd" clipRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" />
          </svg>
        </span>
        <input id={id} type="text" value={value} placeholder={loading} readOnly disabled aria-busy={loading ? true : undefined} className={controlClassName(false, 'h-11 pr-10 pl-11')} />
        {loading ? (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-neutral-500">
            <Spinner label={loading} className="size-4 text-brand-600" />
          </span>
        ) : null}
      </div>
    </div>
  );
}
