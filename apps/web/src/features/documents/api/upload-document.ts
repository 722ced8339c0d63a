import { MESSAGES, UPLOAD_TIMEOUT_MS, type DocumentDetail } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedXhrUpload, errorMessage, type UploadProgress } from '@/lib/api-client';
import { queryKeys } from '@/api/query-keys';

export const UPLOAD_PATH = '/api/document/upload/single';

/** An answer that is not 200 with `data` (spec §7): 'Upload failed: Invalid response format'. */
export class InvalidUploadResponse extends Error {
  override readonly name = 'InvalidUploadResponse';
  constructor() {
    super(MESSAGES.uploadInvalidResponse);
  }
}

export interface UploadInput {
  file: File;
  /** The multipart fields besides `file` (spec §3); undefined ones are left out. */
  fields: Record<string, string | undefined>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

const percentOf = ({ loaded, total }: UploadProgress) =>
  total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;

/**
 * POST /api/document/upload/single as multipart, through XMLHttpRequest for real progress, with
 * the 300 000 ms timeout of spec §9. Success needs status 200 and a `data` body.
 */
export async function uploadDocument({
  file,
  fields,
  onProgress,
  signal,
}: UploadInput): Promise<DocumentDetail> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  form.append('file', file, file.name);
  const answer = await authorizedXhrUpload<{ data?: DocumentDetail } | undefined>(UPLOAD_PATH, form, {
    onProgress: onProgress && ((progress) => onProgress(percentOf(progress))),
    signal,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  const body = answer.body;
  if (answer.status !== 200 || !body || typeof body !== 'object' || !body.data)
    throw new InvalidUploadResponse();
  return body.data;
}

/** The text of a failed upload: the invalid-answer text, the server's message, else `fallback`. */
export function uploadErrorText(error: unknown, fallback: string): string {
  if (error instanceof InvalidUploadResponse) return error.message;
  return errorMessage(error, fallback);
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}
