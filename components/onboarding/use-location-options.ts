'use client';

import { useEffect, useState } from 'react';
import { cityListPath, type LocationOption } from '@/lib/onboarding/locations';

export type OptionList = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; options: LocationOption[] } | { status: 'failed' };

// The static files never change while the page is open, so each is fetched once.
const cache = new Map<string, LocationOption[]>();

const isOption = (item: unknown): item is LocationOption =>
  typeof item === 'object' && item !== null && typeof (item as LocationOption).value === 'string' && typeof (item as LocationOption).label === 'string';

async function fetchOptions(path: string, signal: AbortSignal): Promise<LocationOption[]> {
  const response = await fetch(path, { signal });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const data: unknown = await response.json();
  if (!Array.isArray(data) || !data.every(isOption)) throw new Error(`${path}: not an option list`);
  return data;
}

/** The options in the static file at `path` ('' for none), loaded when the path changes. */
function useOptionFile(path: string): OptionList {
  const [loaded, setLoaded] = useState<{ path: string; options: LocationOption[] | null }>({ path: '', options: null });

  useEffect(() => {
    if (!path || cache.has(path)) return;
    const controller = new AbortController();
    fetchOptions(path, controller.signal).then(
      (options) => {
        cache.set(path, options);
        setLoaded({ path, options });
      },
      () => {
        // An answer for a path the user has already left is dropped.
        if (!controller.signal.aborted) setLoaded({ path, options: null });
      },
    );
    return () => controller.abort();
  }, [path]);

  if (!path) return { status: 'idle' };
  const options = cache.get(path) ?? (loaded.path === path ? loaded.options : undefined);
  if (options === undefined) return { status: 'loading' };
  return options === null ? { status: 'failed' } : { status: 'ready', options };
}

/** public/countries.json: priority countries first, then alphabetical. */
export const useCountryOptions = () => useOptionFile('/countries.json');

/** public/cities/{code}.json for the chosen country, sorted by label; idle until one is chosen. */
export const useCityOptions = (countryCode: string) => useOptionFile(countryCode ? cityListPath(countryCode) : '');
