/** What other workspaces' tests (the e2e journeys) use of the server's test support. */
export { type AutomationHarness, startAutomationHarness } from './automation-harness.ts';
export { TEST_PASSWORD } from './factories.ts';
export { freePort } from './free-port.ts';
export { createTestDatabase, type TestDatabase } from './test-database.ts';
