import 'server-only';

const told = new Set<string>();

/** Tells the operator once per process that an optional integration is off, and how to turn it on. */
export function noticeOnce(key: string, message: string): void {
  if (told.has(key)) return;
  told.add(key);
  console.warn(`[setup] ${message}`);
}
