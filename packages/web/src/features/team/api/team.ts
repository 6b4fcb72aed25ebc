import {
  type ChangeVendorUserRoleRequest,
  type InviteVendorUserRequest,
  searchPage,
  toSearchParams,
  VendorInvitation,
  VendorUser,
} from '@automate/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

/** The people of a vendor and its pending invitations, for its Admins: `/api/Vendor/{id}/users…`. */

const vendorPath = (vendorId: string, rest: string) => `/Vendor/${encodeURIComponent(vendorId)}${rest}`;
const MemberPage = searchPage(VendorUser);

const teamKeys = {
  all: (vendorId: string) => ['team', vendorId] as const,
  members: (vendorId: string) => ['team', vendorId, 'members'] as const,
  invitations: (vendorId: string) => ['team', vendorId, 'invitations'] as const,
};

const refreshTeam = (client: QueryClient, vendorId: string) =>
  client.invalidateQueries({ queryKey: teamKeys.all(vendorId) });

/** Every member, Admins first then by name (a team is small: one page of up to 500). */
export function useTeamMembers(vendorId: string) {
  return useQuery(
    queryOptions({
      queryKey: teamKeys.members(vendorId),
      queryFn: async ({ signal }) => {
        const page = await apiGet(vendorPath(vendorId, '/users/search'), MemberPage, {
          query: toSearchParams({ PageNumber: 1, PageSize: 500, SortBy: 'firstName', SortDir: 'Ascending' }),
          signal,
        });
        return [...page.rows].sort((a, b) => (a.role === b.role ? 0 : a.role === 'Admin' ? -1 : 1));
      },
    }),
  );
}

export function useInvitations(vendorId: string) {
  return useQuery(
    queryOptions({
      queryKey: teamKeys.invitations(vendorId),
      queryFn: ({ signal }) => apiGet(vendorPath(vendorId, '/invitations'), z.array(VendorInvitation), { signal }),
    }),
  );
}

/** Emails an invitation; the answer's message says so. */
export function useInvite(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof InviteVendorUserRequest>) =>
      apiRequest('POST', vendorPath(vendorId, '/users'), VendorInvitation, { body: input }),
    onSettled: () => refreshTeam(client, vendorId),
  });
}

export function useChangeRole(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & z.input<typeof ChangeVendorUserRoleRequest>) =>
      apiRequest('PATCH', vendorPath(vendorId, `/users/${encodeURIComponent(userId)}`), VendorUser, {
        body: { role },
      }),
    onSettled: () => refreshTeam(client, vendorId),
  });
}

export function useRemoveMember(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest('DELETE', vendorPath(vendorId, `/users/${encodeURIComponent(userId)}`), z.null()),
    onSettled: () => refreshTeam(client, vendorId),
  });
}

export function useWithdrawInvitation(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest('DELETE', vendorPath(vendorId, `/invitations/${encodeURIComponent(invitationId)}`), z.null()),
    onSettled: () => refreshTeam(client, vendorId),
  });
}
