import { api } from '@/lib/api-client';

/** GET /api/document/{id}/signedUrl?disposition=: a short-lived link to the file's bytes. */
export const getSignedUrl = (id: string, disposition: 'inline' | 'attachment') =>
  api.get<{ url: string; expiresAt: string }>(
    `/api/document/${encodeURIComponent(id)}/signedUrl?${new URLSearchParams({ disposition }).toString()}`,
  );
