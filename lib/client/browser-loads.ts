import type { RecommendationsResponse } from '@/lib/dashboard/contract';
import type { ImportView } from '@/lib/imports/history';
import type { PatternsResponse } from '@/lib/insights/daily-patterns';
import type { MeasureTrendsResponse } from '@/lib/insights/measure-trends';
import { getJson, postJson, type Answer, type JsonResult } from './api-call';

// The loads the browser runs itself, through TanStack Query in the islands that load after the page
// (components/query/): those that need the browser's position (the supplements, /insights' trends and
// strategies), the chart ranges a member picks, and a history import's progress. Everything else on the
// signed-in pages arrives rendered by the server. A refused answer rejects here as a CallError, so
// a load has one failure path whether the server refused or no answer came.

/** A refused answer as an Error: the server's message, or the status when it sent none. */
export class CallError extends Error {
  readonly status: number;
  readonly code?: string;

  constructor(result: Answer) {
    super(result.message ?? `HTTP ${result.status}`);
    this.status = result.status;
    this.code = result.code;
  }
}

/** A success's data, or a CallError for a refusal. */
async function dataOf<T>(pending: Promise<JsonResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new CallError(result);
  return result.data;
}

/** A lost session: most failed loads go to /login when it is gone (SPEC §8). */
export function signedOut(error: unknown): boolean {
  return error instanceof CallError && error.status === 401;
}

export const api = {
  recommendations: (lat: number, lon: number) => dataOf(postJson<RecommendationsResponse>('/api/recommendations', { lat, lon })),
  patterns: (lat: number, lon: number) => dataOf(postJson<PatternsResponse>('/api/patterns', { lat, lon })),
  measures: (range: number) => dataOf(getJson<MeasureTrendsResponse>(`/api/trends/measures?range=${range}`)),
  imports: () => dataOf(getJson<{ imports: ImportView[] }>('/api/imports')).then((answer) => answer.imports),
};
