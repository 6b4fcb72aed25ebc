/** The super admin's page of one user. */
export const adminUserPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
