import { LOGIN_PATH } from '@/lib/routes';
import type { ReviewStart } from './lab-review';

// The blood-test list's requests, fetched on first use (./lab-upload.tsx): the upload, a report's review
// again, and its removal. Each rejects only when no answer came, for the list to say so in its own words;
// a signed-out member is sent to /login (`leaving`).

export type CallOutcome<T> = T | { failed: string } | { leaving: true };

async function answerOf(response: Response): Promise<(ReviewStart & { message?: string }) | null | 'leaving'> {
  if (response.status === 401) {
    window.location.assign(LOGIN_PATH);
    return 'leaving';
  }
  return (await response.json().catch(() => null)) as (ReviewStart & { message?: string }) | null;
}

/** POST /api/upload-lab-report: SPEC §8's 'Upload failed: ' with the server's reason, or what was read. */
export async function uploadReport(file: File): Promise<CallOutcome<{ review: ReviewStart }>> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/upload-lab-report', { method: 'POST', body, credentials: 'same-origin' });
  const data = await answerOf(response);
  if (data === 'leaving') return { leaving: true };
  return response.ok && data ? { review: data } : { failed: `Upload failed: ${data?.message ?? `the server answered ${response.status}.`}` };
}

/** GET /api/lab-reports/{id}: a report's review as it was read, to confirm it now. */
export async function openReport(id: string): Promise<CallOutcome<{ review: ReviewStart }>> {
  const response = await fetch(`/api/lab-reports/${id}`, { credentials: 'same-origin' });
  const data = await answerOf(response);
  if (data === 'leaving') return { leaving: true };
  return response.ok && data ? { review: data } : { failed: data?.message ?? 'The review could not be opened. Please try again.' };
}

/** DELETE /api/lab-reports/{id}: the file goes, its saved values stay. */
export async function removeReport(id: string): Promise<CallOutcome<{ removed: true }>> {
  const response = await fetch(`/api/lab-reports/${id}`, { method: 'DELETE', credentials: 'same-origin' });
  if (response.ok) return { removed: true };
  const data = await answerOf(response);
  if (data === 'leaving') return { leaving: true };
  return { failed: data?.message ?? 'The report could not be removed. Please try again.' };
}
