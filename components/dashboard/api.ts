'use client';

import type {
  ActivityResponse,
  RecommendationsResponse,
  SelectedActionsResponse,
  SleepScoreResponse,
  TestosteroneTrendResponse,
  TodaysActionsResponse,
  VitalsResponse,
} from '@/lib/dashboard/contract';
import type { NotificationRecord } from '@/lib/dashboard/banner-notification';
import type { CheckinRequest, ReflectionChatRequest } from '@/lib/validation/checkin';

export type CheckinStatus = { submitted: boolean; next_refresh: string };
export type ReflectionReply = { reply: string; done: boolean };
export type PatternsResponse = { insights: string[]; next_refresh: string };

// The dashboard's calls, one fetcher and one query key each, so the server's prefetch and the cards'
// refetches share a cache entry.

/** A failed call, with what the server said. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', ...init });
  if (response.status === 204) return null as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' ? data.message : `HTTP ${response.status}`;
    throw new CallError(response.status, message);
  }
  return data as T;
}

const post = <T>(url: string, body: unknown) => call<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

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
  vitals: () => call<VitalsResponse>('/api/vitals'),
  activity: () => call<ActivityResponse>('/api/activity'),
  sleep: () => call<SleepScoreResponse>('/api/sleep_score'),
  trend: () => call<TestosteroneTrendResponse>('/api/trends/testosterone'),
  actions: () => call<TodaysActionsResponse>('/api/todays_actions'),
  selected: (setId: string) => post<SelectedActionsResponse>('/api/get-selected-actions', { cached_daily_actions_id: setId }),
  updateSelected: (setId: string, ids: string[]) =>
    post<SelectedActionsResponse>('/api/update-selected-actions', { selected_actions: ids, cached_daily_actions_id: setId }),
  manualTitle: (setId: string, description: string) =>
    post<{ id: string; title: string }>('/api/generate_manual_action_title', { description, cached_daily_actions_id: setId }),
  notification: () => call<NotificationRecord | null>('/api/notification/next'),
  dismiss: (id: string) => post<unknown>(`/api/notifications/${encodeURIComponent(id)}/dismiss`, {}),
  recommendations: (lat: number, lon: number) => post<RecommendationsResponse>('/api/recommendations', { lat, lon }),
  patterns: (lat: number, lon: number) => post<PatternsResponse>('/api/patterns', { lat, lon }),
  checkinStatus: () => call<CheckinStatus>('/api/checkin/status'),
  checkin: (input: CheckinRequest) => post<CheckinStatus>('/api/checkin', input),
  reflection: (input: ReflectionChatRequest) => post<ReflectionReply>('/api/reflection_chat', input),
};

/** SPEC §8: most failed loads go to /login when the session is gone. */
export function signedOut(error: unknown): boolean {
  return error instanceof CallError && error.status === 401;
}
