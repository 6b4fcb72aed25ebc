import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { withStylesInRender } from './emotion-styles-in-render.ts';

const require = createRequire(import.meta.url);
const emotionDir = path.dirname(require.resolve('@emotion/use-insertion-effect-with-fallbacks/package.json'));
// The file the browser build resolves (the package's "browser" + "module" condition).
const browserModule = path.join(emotionDir, 'dist/emotion-use-insertion-effect-with-fallbacks.browser.esm.js');
// Beside the app's node_modules, so the module's `import 'react'` finds React.
const scratch = fs.mkdtempSync(path.join(import.meta.dirname, '..', 'node_modules', '.emotion-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type InsertionHooks = { useInsertionEffectAlwaysWithSyncFallback: (create: () => void) => void };

async function load(code: string): Promise<InsertionHooks> {
  const file = path.join(scratch, `hooks-${Math.random().toString(36).slice(2)}.mjs`);
  fs.writeFileSync(file, code);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as InsertionHooks;
}

describe('emotion writes styles while rendering', () => {
  it('writes a style at once, during the render, instead of in the commit', async () => {
    const original = fs.readFileSync(browserModule, 'utf8');
    let written = false;
    // As installed, emotion hands the write to React's insertion effect: outside a render React refuses it.
    const asInstalled = await load(original);
    const reactWarning = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => asInstalled.useInsertionEffectAlwaysWithSyncFallback(() => {})).toThrow();
    reactWarning.mockRestore();

    const built = await load(withStylesInRender(original));
    built.useInsertionEffectAlwaysWithSyncFallback(() => {
      written = true;
    });
    expect(written).toBe(true);
  });

  it('fails the build, naming this file, when emotion changes the line it rewrites', () => {
    expect(() => withStylesInRender('export const useInsertionEffect = React.useInsertionEffect;')).toThrow(
      /update build\/emotion-styles-in-render\.ts/,
    );
  });
});
