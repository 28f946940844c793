import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** End-to-end tests: a real Chromium against the built site that e2e/run.ts starts. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    // One browser at a time on two cores; files run in sequence against one server.
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
