import type {
  ActivityResponse,
  ManualTitleResponse,
  RecommendationsResponse,
  SelectedActionsResponse,
  SleepScoreResponse,
  TestosteroneTrendResponse,
  TodaysActionsResponse,
  VitalsResponse,
} from '@/lib/dashboard/contract';
import type { NotificationRecord } from '@/lib/dashboard/banner-notification';
import type { PatternsResponse } from '@/lib/insights/daily-patterns';
import type { MeasureTrendsResponse } from '@/lib/insights/measure-trends';
import { getJson, postJson, type Answer, type JsonResult } from './api-call';

// The calls React Query runs on the dashboard, /my_actions and /insights: one fetcher and one query key
// each, so the server's prefetch and the cards' refetches share a cache entry. They call the API through
// ./api-call.ts like every other screen; React Query wants a failed load to reject, so a refused answer
// becomes a CallError here.

/** A refused answer as an Error, for React Query: the server's message, or the status when it sent none. */
export class CallError extends Error {
  readonly status: number;
  readonly code?: string;

  constructor(result: Answer) {
    super(result.message ?? `HTTP ${result.status}`);
    this.status = result.status;
    this.code = result.code;
  }
}

/** A success's data, or a CallError for a refusal (a query's or a mutation's fetcher). */
async function dataOf<T>(pending: Promise<JsonResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new CallError(result);
  return result.data;
}

/** A lost session: most failed loads go to /login when it is gone (SPEC §8). */
export function signedOut(error: unknown): boolean {
  return error instanceof CallError && error.status === 401;
}

export const keys = {
  vitals: ['vitals'] as const,
  activity: ['activity'] as const,
  sleep: ['sleep_score'] as const,
  trend: ['trends', 'testosterone'] as const,
  actions: ['todays_actions'] as const,
  selected: (setId: string) => ['selected_actions', setId] as const,
  notification: ['notification', 'next'] as const,
  recommendations: (lat: number, lon: number) => ['recommendations', lat, lon] as const,
  patterns: (lat: number, lon: number) => ['patterns', lat, lon] as const,
  measures: (range: number) => ['trends', 'measures', range] as const,
};

export const api = {
  vitals: () => dataOf(getJson<VitalsResponse>('/api/vitals')),
  activity: () => dataOf(getJson<ActivityResponse>('/api/activity')),
  sleep: () => dataOf(getJson<SleepScoreResponse>('/api/sleep_score')),
  trend: () => dataOf(getJson<TestosteroneTrendResponse>('/api/trends/testosterone')),
  actions: () => dataOf(getJson<TodaysActionsResponse>('/api/todays_actions')),
  selected: (setId: string) => dataOf(postJson<SelectedActionsResponse>('/api/get-selected-actions', { cached_daily_actions_id: setId })),
  updateSelected: (setId: string, ids: string[]) =>
    dataOf(postJson<SelectedActionsResponse>('/api/update-selected-actions', { selected_actions: ids, cached_daily_actions_id: setId })),
  manualTitle: (setId: string, description: string) =>
    dataOf(postJson<ManualTitleResponse>('/api/generate_manual_action_title', { description, cached_daily_actions_id: setId })),
  notification: () => dataOf(getJson<NotificationRecord | null>('/api/notification/next')),
  dismiss: (id: string) => dataOf(postJson(`/api/notifications/${encodeURIComponent(id)}/dismiss`, {})),
  recommendations: (lat: number, lon: number) => dataOf(postJson<RecommendationsResponse>('/api/recommendations', { lat, lon })),
  patterns: (lat: number, lon: number) => dataOf(postJson<PatternsResponse>('/api/patterns', { lat, lon })),
  measures: (range: number) => dataOf(getJson<MeasureTrendsResponse>(`/api/trends/measures?range=${range}`)),
};
