import { describe, expect, it } from 'vitest';
import { type BundleChunk, chunksToHint } from './compile-hints.ts';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<BundleChunk> = {}): BundleChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
});

const bundle: BundleChunk[] = [
  chunk('index.js', ['framework.js'], { isEntry: true }),
  chunk('framework.js'),
  chunk('dashboard.js', ['shell-shared.js', 'framework.js'], { facadeModuleId: '/app/src/dashboard.tsx' }),
  chunk('shell-shared.js'),
  chunk('admin.js', ['admin-only.js'], { facadeModuleId: '/app/src/admin.tsx' }),
  chunk('admin-only.js'),
  chunk('dialog.js', [], { facadeModuleId: '/app/src/dialog.tsx' }),
];

describe('compile hints', () => {
  it('marks what a first visit to a landing page runs: the entry, the page and what it imports', () => {
    expect([...chunksToHint(bundle, ['/app/src/dashboard.tsx'])].sort()).toEqual([
      'dashboard.js',
      'framework.js',
      'index.js',
      'shell-shared.js',
    ]);
  });

  it('leaves other pages and what loads later compiled lazily', () => {
    const hinted = chunksToHint(bundle, ['/app/src/dashboard.tsx']);
    for (const file of ['admin.js', 'admin-only.js', 'dialog.js']) expect(hinted.has(file)).toBe(false);
  });

  it('fails the build when a landing page no longer starts a chunk', () => {
    expect(() => chunksToHint(bundle, ['/app/src/gone.tsx'])).toThrow(/No chunk starts at \/app\/src\/gone\.tsx/);
  });
});
