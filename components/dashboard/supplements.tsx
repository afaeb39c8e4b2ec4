'use client';

import { island } from '@/components/query/island';
import { SupplementsView, type SupplementsViewProps } from './supplements-view';

/** Supplement highlight: the top 2 recommendations for the user's data, and today's daylight where they are once known. */
export const SupplementHighlight = island<object, SupplementsViewProps>(SupplementsView, () => ({}), () => import('./supplements-live').then((m) => m.SupplementHighlightLive));
