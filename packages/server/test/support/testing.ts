/** What other workspaces' tests (the e2e journeys) use of the server's test support. */
export { type AutomationHarness, startAutomationHarness } from './automation-harness.ts';
export { addMember, createUser, createVendor, TEST_PASSWORD, tokenFor } from './factories.ts';
export { freePort } from './free-port.ts';
export { pageLinkIn, waitForEmail } from './outbox.ts';
export { insertTestRun } from './run-factory.ts';
export { type Sm8FrontDoor, startSm8FrontDoor } from './sm8-front-door.ts';
export { createTestDatabase, type TestDatabase } from './test-database.ts';
export { startTestServices, type TestServices } from './test-services.ts';
export { startWebReceiver, type WebReceiver } from './web-receiver.ts';
