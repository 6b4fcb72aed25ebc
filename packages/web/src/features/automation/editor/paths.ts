/** Where the editor links to. The trigger's own paths are the list's (`../list/automation-paths.ts`). */
export { automationLogsPath, automationViewPath } from '../list/automation-paths.ts';

/** The list of triggers (the route sends a bare `/app/automation/search` to its first page). */
export const AUTOMATION_SEARCH_PATH = '/app/automation/search';
