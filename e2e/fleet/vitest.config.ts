import { defineConfig } from 'vitest/config';

// The fleet lane (scripts/testFleet.mjs starts it, as root, in its own mount namespace): one file at a time, since each
// boots three Debian machines and runs Ansible on them; minutes per test (real apt, venvs and JAX wheels).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/fleet/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
