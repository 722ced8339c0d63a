import type { SessionChangeResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/** POST /api/memberships/{id}/decline: says no to a firm's invitation. */
export const declineMembership = (id: string) =>
  api.post<SessionChangeResponse>(`/api/memberships/${encodeURIComponent(id)}/decline`);
