'use client';

import { island } from '@/components/query/island';
import { SupplementsLoading } from './supplements-loading';

/** Supplement highlight: the top 2 recommendations for the user's data, and today's daylight where they are once known. */
export const SupplementHighlight = island(() => import('./supplements-live').then((m) => m.SupplementHighlightLive), SupplementsLoading);
