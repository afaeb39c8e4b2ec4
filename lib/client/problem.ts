import type { JsonResult } from './api-call';

/** What a form shows in its error alert: a headline and, when the server gave one, its message. */
export type Problem = { title: string; detail?: string };

/** A failed answer as a Problem: the screen's own headline with the server's message beneath it. */
export function problemFrom(result: JsonResult, title: string): Problem {
  return result.message && result.message !== title ? { title, detail: result.message } : { title };
}
