import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    // Pure logic runs in node; component tests opt into happy-dom with `// @vitest-environment happy-dom`
    // (a third faster than jsdom for these tests, with the same results).
    environment: 'node',
    // The test DOM asks for reduced motion, so the app's theme is its still one (no transitions or
    // ripples): tests neither wait out animations nor poll the DOM through them, and none checks motion.
    environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // The setup file unmounts what each test rendered and clears storage, so files can share a worker
    // and the modules it has loaded (React, MUI) instead of importing them per file.
    isolate: false,
    // A test that boots the whole app tree takes 1–2 s alone, and several times that while the browser
    // journeys share the two cores with it.
    testTimeout: 20_000,
  },
});
