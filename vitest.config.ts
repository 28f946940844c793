import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'server-only': fileURLToPath(new URL('./src/lib/server-only-stub.ts', import.meta.url)),
    },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Integration tests each open their own database; two cores, so keep the pool small.
    pool: 'forks',
    // Processes are reused from one test file to the next: see src/testing/vitest-setup.ts.
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    setupFiles: ['src/testing/vitest-setup.ts'],
    // A folder of the run's own, where what several files build the same way is built once.
    globalSetup: ['src/testing/vitest-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Read models load from the database on every call: each test sees the rows it wrote.
    env: { APP_ENV: 'test', REGISTRY_CACHE: 'off' },
  },
});
