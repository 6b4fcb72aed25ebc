import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmLocaleData } from './warm-locale-data.ts';

describe('warmLocaleData', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts the locale worker from its own file', () => {
    const started: Array<{ url: string; options: WorkerOptions | undefined }> = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string, options?: WorkerOptions) {
          started.push({ url: String(url), options });
        }
      },
    );
    warmLocaleData();
    expect(started).toHaveLength(1);
    expect(started[0]?.url).toMatch(/locale-data\.worker\.ts$/);
    expect(started[0]?.options).toEqual({ type: 'module' });
  });

  it('lets the app start when the browser refuses the worker', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused by the page’s policy.', 'SecurityError');
        }
      },
    );
    expect(() => warmLocaleData()).not.toThrow();
  });
});
