import type { SessionChangeResponse, SwitchFirmRequest } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/switch-firm: a token for the other firm; the old token stops working. */
export const switchFirm = (body: SwitchFirmRequest) =>
  api.post<SessionChangeResponse>('/api/auth/switch-firm', body);
