/** Where the template screens live. */
export const TEMPLATES_PATH = '/app/automation/templates';
export const ONBOARDING_PATH = '/app/automation/onboarding';
export const onboardingViewPath = (templateId: string) => `${ONBOARDING_PATH}/view/${encodeURIComponent(templateId)}`;
