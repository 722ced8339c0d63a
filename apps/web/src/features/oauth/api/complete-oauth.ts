import type { OAuthCallbackBody } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/oauth/callback: hands what the provider returned to the server, which checks the
 * state, redeems the code and keeps the tokens (ARCHITECTURE §6). 400 with the reason otherwise.
 */
export const completeOAuth = (body: OAuthCallbackBody) =>
  api.post<{ provider: string; accountEmail: string }>('/api/oauth/callback', body);
