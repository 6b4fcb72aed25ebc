import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate, type DatabaseTemplate } from './database-template.ts';

/** One template for every project of the run that asks for it (server and e2e share one process). */
type Shared = { made: Promise<{ template: DatabaseTemplate; remove(): Promise<void> }>; users: number };
const KEY = Symbol.for('automate.databaseTemplate');
const shared = globalThis as { [KEY]?: Shared };

/** Vitest global setup: one migrated database per run, which every test file copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const state = shared[KEY] ?? { made: createDatabaseTemplate(), users: 0 };
  shared[KEY] = state;
  state.users += 1;
  const { template, remove } = await state.made;
  project.provide('databaseTemplate', template);
  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    delete shared[KEY];
    await remove();
  };
}
