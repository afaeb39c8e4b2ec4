'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { SupplementItem } from '@/lib/dashboard/contract';
import { useHydrated } from '@/lib/client/use-hydrated';
import { api, keys } from '@/lib/client/query-calls';

/** SPEC §9: descriptions over 100 characters are cut to 97 plus an ellipsis. */
export function shortDescription(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}…` : text;
}

type Position = { lat: number; lon: number } | { error: string } | null;

/** The browser's position, asked once (SPEC §8's geolocation texts on failure). */
export function usePosition(): Position {
  const [position, setPosition] = useState<Position>(null);
  const hydrated = useHydrated();
  const supported = hydrated && 'geolocation' in navigator;
  useEffect(() => {
    if (!supported) return;
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ lat: Number(p.coords.latitude.toFixed(4)), lon: Number(p.coords.longitude.toFixed(4)) }),
      () => setPosition({ error: 'Location access was denied or an error occurred.' }),
      { timeout: 10_000, maximumAge: 3_600_000 },
    );
  }, [supported]);
  if (hydrated && !supported) return { error: 'Geolocation is not available in your browser' };
  return position;
}

/** Supplement highlight: the top 2 recommendations for the user's data and today's daylight where they are. */
export function SupplementHighlight() {
  const position = usePosition();
  const located = position && 'lat' in position ? position : null;
  const query = useQuery({
    queryKey: keys.recommendations(located?.lat ?? 0, located?.lon ?? 0),
    queryFn: () => api.recommendations(located!.lat, located!.lon),
    enabled: located !== null,
  });
  if (position && 'error' in position) return <p className="text-sm text-neutral-600">{position.error}</p>;
  if (query.error) return <p className="text-sm text-danger-700">Error: {query.error.message}</p>;
  if (!query.data) {
    return (
      <div className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner decorative className="size-4" /> Finding what suits you today…
      </div>
    );
  }
  return <SupplementList items={query.data.supplement_data.slice(0, 2)} />;
}

export function SupplementList({ items, full = false }: { items: SupplementItem[]; full?: boolean }) {
  return (
    <ul className={full ? 'grid grid-cols-3 gap-4' : 'flex flex-col gap-4'}>
      {items.map((item) => (
        <li key={item.id} className={full ? 'flex flex-col gap-3 rounded-control border border-neutral-200 p-4' : 'flex items-start gap-4'}>
          <a href={item.link} target="_blank" rel="noopener noreferrer" className="shrink-0 rounded-control">
            {/* eslint-disable-next-line @next/next/no-img-element -- small local SVGs */}
            <img src={item.photo} alt={`${item.name} (opens the shop in a new tab)`} width={full ? 120 : 64} height={full ? 120 : 64} className="rounded-control bg-neutral-50" />
          </a>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-neutral-900">{item.name}</p>
            <p className="mt-0.5 text-sm text-neutral-600">{full ? item.description : shortDescription(item.description)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
