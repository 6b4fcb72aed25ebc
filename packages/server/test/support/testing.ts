/** What other workspaces' tests (the e2e journeys) use of the server's test support. */
export { freePort } from './free-port.ts';
export { createTestDatabase, type TestDatabase } from './test-database.ts';
