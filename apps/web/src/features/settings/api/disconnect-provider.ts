import type { Provider } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/**
 * DELETE /api/tokens/delete?userId=&provider=: the server revokes Sentinel's access at the
 * provider and forgets the tokens. E-mails filed to a case stay with the case.
 */
export const disconnectProvider = (userId: string, provider: Provider) =>
  api.delete<{ success: true }>(`/api/tokens/delete?${new URLSearchParams({ userId, provider }).toString()}`);
