/**
 * @automate/servicem8-sim: a faithful local ServiceM8 for tests, end-to-end journeys and demo mode.
 * See README.md for the HTTP surface and the control API.
 */
export const SIMULATOR_API_VERSION = '1.0';

export { type AddonEvent, buildAddonEvent, signAddonEvent } from './addon/addon-events.ts';
export {
  ASSUMPTIONS,
  type AssumptionChoice,
  type AssumptionChoices,
  type AssumptionName,
  choicesOf,
  defaultAssumptions,
} from './assumptions.ts';
export { SCOPES, type Scope } from './auth/scopes.ts';
export type { CallRecord } from './control/call-log.ts';
export type { FaultInput, FaultRule } from './control/fault-rules.ts';
export type { ClockState, SimControls, SimInfo, TokenRequest } from './control/sim-controls.ts';
export { type FrontDoor, type FrontDoorAccount, startFrontDoor } from './front-door/front-door.ts';
export type { SentMessage } from './messaging/message-log.ts';
export { JOB_STATUSES, type JobStatus, OBJECT_TYPES, type ObjectName } from './objects/object-types.ts';
export type { SimRecord } from './objects/record-store.ts';
export { DEMO_TIME_ZONE } from './seed/demo-seed.ts';
export type { SeedData, SeedPreset } from './seed/seed-data.ts';
export { SEED_IDS, SEED_STAFF_EMAILS, seedUuid } from './seed/seed-ids.ts';
export { buildSimulator, type Simulator } from './simulator.ts';
export {
  DEFAULT_API_KEY,
  DEFAULT_APP_ID,
  DEFAULT_APP_SECRET,
  DEFAULT_BASIC_PASSWORD,
  type SimulatorOptions,
} from './simulator-options.ts';
export { DAY_LIMIT_TEXT, MINUTE_LIMIT_TEXT } from './throttle/throttle.ts';
export type { Clock } from './time/sim-clock.ts';
export type { DeliveryRecord, SimEvent } from './webhooks/webhook-dispatcher.ts';
export { EVENT_NAMES, type EventName } from './webhooks/webhook-events.ts';
