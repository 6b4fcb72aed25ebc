import { describe, expect, it, vi } from 'vitest';
import { installPreloadErrorHandler, isChunkLoadError, PRELOAD_ERROR_EVENT } from './preload-error.ts';

describe('a page bundle that fails to load', () => {
  it('logs the vite:preloadError event and leaves it uncancelled, so Vite rethrows the error', () => {
    const target = new EventTarget();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const uninstall = installPreloadErrorHandler(target as unknown as Window);

    const event = Object.assign(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }), {
      payload: new Error('Failed to fetch dynamically imported module: /assets/page-1.js'),
    });
    const notCancelled = target.dispatchEvent(event);

    expect(PRELOAD_ERROR_EVENT).toBe('vite:preloadError');
    expect(notCancelled).toBe(true);
    expect(event.defaultPrevented).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);

    uninstall();
    target.dispatchEvent(new Event(PRELOAD_ERROR_EVENT));
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('recognises failed page-code and stylesheet loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
