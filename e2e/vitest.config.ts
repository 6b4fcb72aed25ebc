import { defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from '../scripts/test-tmpdir.ts';

useMemoryTmpdir();

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['./support/build-web.ts', '../packages/server/test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
