import {
  AdminUserDetail,
  AdminUserRow,
  type SearchPage,
  type SearchQueryInput,
  searchPage,
  toSearchParams,
} from '@automate/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

/** The super admin's users: `/api/Admin/users/search`, `/api/Admin/users/{id}` and its actions. */

const adminUserKeys = {
  all: ['admin-users'] as const,
  search: (query: SearchQueryInput) => ['admin-users', 'search', query] as const,
  detail: (id: string) => ['admin-users', 'detail', id] as const,
};

const UserPage = searchPage(AdminUserRow);

/** Filterable by email, names, emailVerified, superAdmin, disabled, lastSignInAt; sortable by email, names, createdAt, lastSignInAt, vendorCount. */
export function useAdminUserSearch(query: SearchQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: adminUserKeys.search(query),
      queryFn: ({ signal }): Promise<SearchPage<AdminUserRow>> =>
        apiGet('/Admin/users/search', UserPage, { query: toSearchParams(query), signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

const userPath = (id: string, action = '') => `/Admin/users/${encodeURIComponent(id)}${action}`;

export function useAdminUser(id: string) {
  return useQuery(
    queryOptions({
      queryKey: adminUserKeys.detail(id),
      queryFn: ({ signal }) => apiGet(userPath(id), AdminUserDetail, { signal }),
    }),
  );
}

/** What a super admin can do to an account; each answers the user as changed, and a sentence. */
export type AdminUserAction =
  | { kind: 'verification' }
  | { kind: 'password-reset' }
  | { kind: 'unlock' }
  | { kind: 'superadmin'; superAdmin: boolean }
  | { kind: 'disabled'; disabled: boolean };

export function useAdminUserAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: AdminUserAction) =>
      apiRequest('POST', userPath(id, `/${kind}`), AdminUserDetail, { body }),
    onSuccess: ({ data }) => client.setQueryData(adminUserKeys.detail(id), data),
    onSettled: () => client.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
