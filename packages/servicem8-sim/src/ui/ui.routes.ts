import type { FastifyInstance } from 'fastify';
import type { SimControls } from '../control/sim-controls.ts';
import type { SimContext } from '../sim-context.ts';
import { registerAccountPages } from './account-pages.ts';
import { registerJobPages } from './job-pages.ts';

/** The simulator's own web page: `/` and `/ui/*`, plain server-rendered HTML forms. */
export function registerUiRoutes(app: FastifyInstance, context: SimContext, controls: SimControls): void {
  registerJobPages(app, context, controls);
  registerAccountPages(app, context, controls);
}
