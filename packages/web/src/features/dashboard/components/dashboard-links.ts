/** Screens the dashboard points to. */
export const NEW_AUTOMATION_PATH = '/app/automation/view/new';
export const TEMPLATES_PATH = '/app/automation/templates';
export const ONBOARDING_PATH = '/app/automation/onboarding';
export const SCHEDULE_PATH = '/app/automation/schedule';
export const LOGS_PATH = '/app/automation/logs';
export const SUBSCRIPTION_PATH = '/app/account/subscription/overview';
export const CHECKOUT_PATH = '/app/account/subscription/checkout';
export const automationPath = (triggerId: string) => `/app/automation/view/${encodeURIComponent(triggerId)}`;

/** The logs filtered to failed runs. */
export const FAILED_LOGS_PATH = `${LOGS_PATH}?${new URLSearchParams({
  Filters: JSON.stringify([{ action: 'Eq', field: 'status', value: 'Failed' }]),
}).toString()}`;
