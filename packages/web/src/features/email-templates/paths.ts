/** Where the email template screens live (app layout: account/emails/search and {id}). */
export const EMAIL_TEMPLATES_PATH = '/app/account/emails/search';
/** The id in `/app/account/emails/new`, which writes a new template. */
export const NEW_TEMPLATE_ID = 'new';
export const NEW_TEMPLATE_PATH = `/app/account/emails/${NEW_TEMPLATE_ID}`;

export const emailTemplatePath = (id: string) => `/app/account/emails/${encodeURIComponent(id)}`;
