import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/scripts/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The end-to-end tests drive the built web client.
    globalSetup: ['packages/web/scripts/build.global.ts'],
  },
});
