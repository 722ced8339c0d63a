import type { OAuthStatusResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';
import { setProviderFlags } from '@/lib/session-store';

/** GET /api/oauth/status: whether each provider is connected for the caller (spec §3). */
export const getOAuthStatus = (signal?: AbortSignal) =>
  api.get<OAuthStatusResponse>('/api/oauth/status', { signal });

/**
 * Asks the server which providers are connected and stores the spec's googleConnected and
 * microsoftConnected flags. A failure leaves the flags as they were (they are a hint for the
 * screens, the server decides).
 */
export async function refreshProviderFlags(): Promise<void> {
  try {
    setProviderFlags(await getOAuthStatus());
  } catch (error) {
    console.warn('Could not read the provider status', error);
  }
}
