import { type Provider } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/**
 * GET /api/oauth/connect/{provider}: where the browser goes to give consent. The server made and
 * keeps the state and the PKCE verifier (ARCHITECTURE §6); 503 when the provider is not configured.
 */
export const getConnectUrl = (provider: Provider) =>
  api.get<{ url?: string }>(`/api/oauth/connect/${encodeURIComponent(provider)}`);
