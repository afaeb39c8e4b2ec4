import { queryOptions } from '@tanstack/react-query';
import type { Place } from '@/components/dashboard/use-position';
import { api } from '@/lib/client/browser-loads';
import type { TrendRange } from '@/lib/insights/measure-trends';

// What the browser asks this app's API for, by TanStack Query key. Only the islands' live parts import
// this module (it brings the library with it); see components/query/island.tsx.

export const queries = {
  /** The day's ranking and advice for a position (the server's 0, 0 when there is none). */
  recommendations: (place: Place) => queryOptions({ queryKey: ['recommendations', place.lat, place.lon], queryFn: () => api.recommendations(place.lat, place.lon) }),
  /** /insights' trend statements for a position. */
  patterns: (place: Place) => queryOptions({ queryKey: ['patterns', place.lat, place.lon], queryFn: () => api.patterns(place.lat, place.lon) }),
  /** Every measure's points over a range of days. */
  measures: (range: TrendRange) => queryOptions({ queryKey: ['measures', range], queryFn: () => api.measures(range) }),
  /** The member's history imports, with the one being read. */
  imports: () => queryOptions({ queryKey: ['imports'], queryFn: api.imports }),
};
