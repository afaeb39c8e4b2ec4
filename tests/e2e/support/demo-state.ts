import path from 'node:path';

/** Where the setup project saves the demo's signed-in storage state for parallel worker `index`. */
export const demoStatePath = (index: number) => path.resolve('.data/e2e-auth', `demo-${index}.json`);

/** As many demo sessions as the config runs workers: each worker signs in once, in the setup project. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
