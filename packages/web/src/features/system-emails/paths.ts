export const SYSTEM_EMAILS_PATH = '/admin/settings/emails/search';
export const NEW_SYSTEM_EMAIL_ID = 'new';
export const systemEmailPath = (id: string) => `/admin/settings/emails/${encodeURIComponent(id)}`;
