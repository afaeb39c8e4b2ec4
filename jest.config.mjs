import nextJest from 'next/jest.js';
import { budget } from './tests/setup/machine-speed.js';

// SWC through next/jest, in native ESM (the generated Prisma client uses import.meta).
const createJestConfig = nextJest({ dir: './' });

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
};

export default async function config() {
  return {
    // Argon2 hashing and `next start` per HTTP test file make some tests take seconds on 2 cores; on a slow
    // day a signed-in HTTP test has taken past 30 s. Times the machine's speed factor (tests/setup/machine-speed.js).
    testTimeout: budget(60_000),
    // Most integration files wait on a server or the database rather than the CPU, so three workers
    // on two cores finish in about half the time of Jest's default (cores − 1). JEST_WORKERS overrides.
    maxWorkers: Number(process.env.JEST_WORKERS) || 3,
    // The longest files first (tests/setup/slow-first-sequencer.mjs).
    testSequencer: '<rootDir>/tests/setup/slow-first-sequencer.mjs',
    // Each file's time, for the summary `npm test` prints at its end (scripts/test-timings.mjs).
    reporters: ['default', '<rootDir>/tests/timing/jest-timing-reporter.mjs'],
    projects: [
      await createJestConfig({
        ...shared,
        displayName: 'unit',
        testEnvironment: 'node',
        testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/lib/**/*.test.ts'],
      })(),
      await createJestConfig({
        ...shared,
        displayName: 'integration',
        // Each test file gets a database of its own, copied from a migrated template.
        globalSetup: '<rootDir>/tests/setup/global-setup.mjs',
        globalTeardown: '<rootDir>/tests/setup/global-teardown.mjs',
        testEnvironment: '<rootDir>/tests/setup/database-environment.mjs',
        testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      })(),
    ],
  };
}
