/** Where the automation screens live. */
export const AUTOMATION_NEW_PATH = '/app/automation/view/new';
export const AUTOMATION_TEMPLATES_PATH = '/app/automation/templates';
export const AUTOMATION_LOGS_PATH = '/app/automation/logs';
export const AUTOMATION_SCHEDULE_PATH = '/app/automation/schedule';
export const AUTOMATION_ACTIVITY_PATH = '/app/automation/activity';

export const automationViewPath = (triggerId: string) => `/app/automation/view/${encodeURIComponent(triggerId)}`;
export const automationLogsPath = (triggerId: string) => `${automationViewPath(triggerId)}/logs`;

/** The automation list as the sidebar opens it (page 1, 50 per page, name ascending). */
export const AUTOMATION_SEARCH_LINK = '/app/automation/search?PageNumber=1&PageSize=50&SortBy=name&SortDir=Ascending';
