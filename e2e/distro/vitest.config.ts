import { defineConfig } from 'vitest/config';

// The distro lane (scripts/testDistro.mjs starts it, as root, in its own mount namespace): one file at a time, since
// each boots a Debian machine and apt's downloads share one link; minutes per test (a real driver install).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/distro/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
