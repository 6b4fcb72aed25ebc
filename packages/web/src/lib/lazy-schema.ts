type ShellSchemas = typeof import('./shell-schemas.ts');

const loadShellSchemas = () => import('./shell-schemas.ts');

/**
 * The api client's schema for a request of the signed-in shell or the dashboard, loaded while the request
 * is under way rather than with the page (`shell-schemas.ts`).
 */
export function lazySchema<K extends keyof ShellSchemas>(name: K): () => Promise<ShellSchemas[K]> {
  return async () => (await loadShellSchemas())[name];
}

/**
 * Resolves once the shell's schemas (zod's and the contract's) have loaded and run. A page whose own modules
 * import some of them waits for this before importing those modules: the browser then runs zod and the
 * schemas (about 30 ms on a fast machine, four times that on a phone) in one task and the page's modules in
 * the next, instead of all of it in one long task. The page's files are fetched meanwhile where the server
 * named them in the page (`<link rel="modulepreload">`), so waiting costs no round trip.
 */
export async function shellSchemasLoaded(): Promise<void> {
  await loadShellSchemas();
}
