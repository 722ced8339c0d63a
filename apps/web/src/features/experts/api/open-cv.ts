import { api } from '@/lib/api-client';

/**
 * Opens the expert's CV the way the documents screen's View does: a short-lived signed inline link
 * (GET /api/document/{id}/signedUrl) in a new tab.
 */
export async function openCv(documentId: string): Promise<void> {
  const { url } = await api.get<{ url: string }>(
    `/api/document/${encodeURIComponent(documentId)}/signedUrl?disposition=inline`,
  );
  window.open(url, '_blank', 'noopener,noreferrer');
}
