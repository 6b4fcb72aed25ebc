/**
 * A faithful local ServiceM8 for tests, end-to-end journeys and demo mode (DESIGN.md §6).
 * The simulator itself arrives with the ServiceM8 integration; this package reserves its place
 * in the workspace so the server and e2e can depend on it.
 */
export const SIMULATOR_API_VERSION = '1.0';
