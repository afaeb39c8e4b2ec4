'use client';

import { island } from '@/components/query/island';
import { StrategiesView, TrendsView } from './insights-lists-view';

// /insights' two lists. Their position is the browser's (components/dashboard/use-position.ts): used where
// the browser already allows it, asked for only on the member's press; without it both lists load with no
// position (the server's 0, 0). Each is an island: its shell below is what the server sends, its live part
// (./insights-lists-live.tsx) reads the list through TanStack Query once the page has loaded.

const TrendsShell = () => <TrendsView />;
const StrategiesShell = () => <StrategiesView />;

export const TrendsCard = island<object>(() => import('./insights-lists-live').then((m) => m.TrendsLive), TrendsShell);
export const StrategiesCard = island<object>(() => import('./insights-lists-live').then((m) => m.StrategiesLive), StrategiesShell);
