'use client';

import { island } from '@/components/query/island';
import { StrategiesView, TrendsView, type StrategiesViewProps, type TrendsViewProps } from './insights-lists-view';

// /insights' two lists. Their position is the browser's (components/dashboard/use-position.ts): used where
// the browser already allows it, asked for only on the member's press; without it both lists load with no
// position (the server's 0, 0). Each is an island: the server sends its view loading, its live part
// (./insights-lists-live.tsx) reads the list through TanStack Query once the page has loaded.

const loading = () => ({});

export const TrendsCard = island<object, TrendsViewProps>(TrendsView, loading, () => import('./insights-lists-live').then((m) => m.TrendsLive));
export const StrategiesCard = island<object, StrategiesViewProps>(StrategiesView, loading, () => import('./insights-lists-live').then((m) => m.StrategiesLive));
