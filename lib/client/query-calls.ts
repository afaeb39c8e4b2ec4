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
import { dataOf, getJson, postJson } from './api-call';

// The calls React Query runs on the dashboard, /my_actions and /insights: one fetcher and one query key
// each, so the server's prefetch and the cards' refetches share a cache entry. A refused answer rejects
// with a CallError (./api-call.ts).

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
};
