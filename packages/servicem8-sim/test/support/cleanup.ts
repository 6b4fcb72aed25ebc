import { afterEach } from 'vitest';
import { closeReceivers } from './receiver.ts';
import { closeSimulators } from './sim-harness.ts';

/**
 * Setup file: runs in every test file, also when files share their worker and its loaded modules
 * (a hook registered by a support module would run only in the first file that imported it).
 */
afterEach(async () => {
  await Promise.all([closeSimulators(), closeReceivers()]);
});
