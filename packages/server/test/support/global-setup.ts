import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database-template.ts';

/** Vitest global setup: one migrated database per run, which every test file copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
