import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Child, ChildRole, Invitation, InvitationPreview, Member, OkResponse } from '../../../types/api.ts';

// The family routes of docs/api.md ("Families").
const childPath = (childId: string) => `/api/children/${encodeURIComponent(childId)}`;

export function useMembers(childId: string) {
  return useQuery({ queryKey: [queryKeyRoots.members, childId], queryFn: () => apiRequest<Member[]>(`${childPath(childId)}/members`) });
}

/** Pending invitations: a parent's view only (the server answers a caregiver 403). */
export function useInvitations(childId: string, enabled: boolean) {
  return useQuery({ queryKey: [queryKeyRoots.invitations, childId], queryFn: () => apiRequest<Invitation[]>(`${childPath(childId)}/invitations`), enabled });
}

/** After a change to a family: its members, its invitations, and the children lists (roles, shared children). */
function useFamilyChanged(childId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeyRoots.members, queryKeyRoots.invitations].map((root) => queryClient.invalidateQueries({ queryKey: [root, childId] })).concat(
        [queryKeyRoots.children, queryKeyRoots.childrenSettings].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
      ),
    );
}

export function useCreateInvitation(childId: string) {
  const changed = useFamilyChanged(childId);
  return useMutation({
    mutationFn: (role: ChildRole) => apiRequest<Invitation>(`${childPath(childId)}/invitations`, { method: 'POST', body: { role } }),
    onSuccess: changed,
  });
}

export function useRevokeInvitation(childId: string) {
  const changed = useFamilyChanged(childId);
  return useMutation({
    mutationFn: (code: string) => apiRequest<OkResponse>(`${childPath(childId)}/invitations/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useChangeRole(childId: string) {
  const changed = useFamilyChanged(childId);
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: ChildRole }) =>
      apiRequest<Member>(`${childPath(childId)}/members/${encodeURIComponent(memberId)}`, { method: 'PATCH', body: { role } }),
    onSuccess: changed,
  });
}

/** A parent removes a member; a member removes themself to leave. */
export function useRemoveMember(childId: string) {
  const changed = useFamilyChanged(childId);
  return useMutation({
    mutationFn: (memberId: string) => apiRequest<OkResponse>(`${childPath(childId)}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

const previewOf = (code: string) => apiRequest<InvitationPreview>(`/api/invitations/${encodeURIComponent(code)}`);

/** A preview asked for while the join page's code was still loading (the route's loader), taken once. */
const early = new Map<string, Promise<InvitationPreview>>();

/** Asks for an invitation's preview at once, for the join page to take when it renders. */
export function prefetchInvitationPreview(code: string): void {
  if (early.has(code)) return;
  const preview = previewOf(code);
  // A refusal is the page's to show when it asks; nothing is thrown here.
  preview.catch(() => undefined);
  early.set(code, preview);
}

/** Who invited whom, before Accept: public, as the invitee may have no account yet. */
export function useInvitationPreview(code: string) {
  return useQuery({
    queryKey: [queryKeyRoots.invitations, 'preview', code],
    queryFn: () => {
      const prefetched = early.get(code);
      early.delete(code);
      return prefetched ?? previewOf(code);
    },
    retry: false,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<Child>(`/api/invitations/${encodeURIComponent(code)}/accept`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryKeyRoots.children] }),
  });
}
