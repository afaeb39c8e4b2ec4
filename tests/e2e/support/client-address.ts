// The e2e server trusts one proxy hop (TRUSTED_PROXY_COUNT=1), so each worker and user can pose as a
// client of its own: the per-IP limits (10 registrations an hour) then hold for a whole run.
let sequence = 0;

/** A fresh documentation-range address (198.18.0.0/15) for worker `worker`. */
export function nextClientAddress(worker: number): string {
  sequence += 1;
  return `198.${18 + (worker % 2)}.${Math.floor(worker / 2) * 4 + Math.floor(sequence / 250)}.${(sequence % 250) + 1}`;
}

/** Headers of an API call that a browser on this app would send: its own Origin, and the client's address. */
export function appHeaders(baseURL: string, address: string): Record<string, string> {
  return { origin: new URL(baseURL).origin, 'x-forwarded-for': address };
}
