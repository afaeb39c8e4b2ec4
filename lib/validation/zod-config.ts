import { config } from 'zod/v4/core';

// Zod probes for eval with `new Function` on first parse; under the CSP (no 'unsafe-eval') the browser
// reports that probe as a violation, so turn the eval-based fast path off everywhere.
config({ jitless: true });
