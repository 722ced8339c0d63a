import type { VerifyResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/** GET /api/tokens/verify, through the client so an expiring token is refreshed first. */
export const verifySession = (signal?: AbortSignal) =>
  api.get<VerifyResponse>('/api/tokens/verify', { signal });
