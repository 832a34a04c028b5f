import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: { include: ['e2e/system-admin.e2e.ts'], environment: 'node', globalSetup: '/tmp/e2edev/setup.ts', testTimeout: 120_000, hookTimeout: 60_000 },
});
