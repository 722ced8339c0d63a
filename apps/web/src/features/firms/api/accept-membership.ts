import type { SessionChangeResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/memberships/{id}/accept. With no firm yet, the session then acts in the accepted firm;
 * otherwise it stays in its firm and the new one joins the switcher.
 */
export const acceptMembership = (id: string) =>
  api.post<SessionChangeResponse>(`/api/memberships/${encodeURIComponent(id)}/accept`);
