import { downloadFailedStatus, downloadFailedToast, type DocumentDetail } from '@sentinel/shared';
import { toast } from 'sonner';
import { getSignedUrl } from '../api/get-signed-url';

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * View (spec §7): a signed inline link opened in a new tab. Failures are only logged (spec §8);
 * resolves false then, so the caller can stop its busy state.
 */
export async function viewDocument(document: Pick<DocumentDetail, 'id' | 'fileName'>): Promise<boolean> {
  try {
    const { url } = await getSignedUrl(document.id, 'inline');
    window.open(url, '_blank', 'noopener,noreferrer');
    return true;
  } catch (error) {
    console.error(`View of "${document.fileName}" failed`, error);
    return false;
  }
}

/**
 * Download (spec §7, §8): fetch the signed attachment link and save the bytes under the
 * document's file name. An HTTP failure reads 'Download failed: {status}'; any failure shows the
 * toast 'Failed to download "{file}". Please try again.'.
 */
export async function downloadDocument(document: Pick<DocumentDetail, 'id' | 'fileName'>): Promise<boolean> {
  try {
    const { url } = await getSignedUrl(document.id, 'attachment');
    const response = await fetch(url, { credentials: 'omit' });
    if (!response.ok) throw new Error(downloadFailedStatus(response.status));
    saveBlob(await response.blob(), document.fileName);
    return true;
  } catch (error) {
    console.error(`Download of "${document.fileName}" failed`, error);
    const status =
      error instanceof Error && error.message.startsWith('Download failed:') ? error.message : undefined;
    toast.error(downloadFailedToast(document.fileName), status ? { description: status } : undefined);
    return false;
  }
}
