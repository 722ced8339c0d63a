import { api } from '@/lib/api-client';

/**
 * Opens a document linked in a message the way the documents screen's View does: a short-lived
 * signed inline link (GET /api/document/{id}/signedUrl) in a new tab. Failures are only logged
 * (spec §8, as for View).
 */
export async function openLinkedDocument(document: { id: string; fileName: string }): Promise<void> {
  try {
    const { url } = await api.get<{ url: string }>(
      `/api/document/${encodeURIComponent(document.id)}/signedUrl?disposition=inline`,
    );
    window.open(url, '_blank', 'noopener,noreferrer');
  } catch (error) {
    console.error(`View of "${document.fileName}" failed`, error);
  }
}
