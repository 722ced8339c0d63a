import type { SessionChangeResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/memberships/{id}/leave: the person leaves the firm (409 when they are its last
 * attorney). Leaving the firm the session acts in moves the session to another firm, or to none.
 */
export const leaveFirm = (id: string) =>
  api.post<SessionChangeResponse>(`/api/memberships/${encodeURIComponent(id)}/leave`);
