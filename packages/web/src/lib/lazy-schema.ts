type ShellSchemas = typeof import('./shell-schemas.ts');

/**
 * The api client's schema for a request of the signed-in shell or the dashboard, loaded while the request
 * is under way rather than with the page (`shell-schemas.ts`).
 */
export function lazySchema<K extends keyof ShellSchemas>(name: K): () => Promise<ShellSchemas[K]> {
  return async () => (await import('./shell-schemas.ts'))[name];
}
