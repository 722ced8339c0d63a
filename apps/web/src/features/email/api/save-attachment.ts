import type { EmailDetail } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export interface SavedAttachment {
  document: { id: string; name: string; caseId: string };
}

/**
 * POST /api/emails/{id}/attachments/{attachmentId}/save: the attachment becomes a document of the
 * e-mail's case, or of `caseId` when given (201).
 */
export const saveAttachment = (id: string, attachmentId: string, caseId?: string) =>
  api.post<SavedAttachment>(
    `/api/emails/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}/save`,
    caseId ? { caseId } : {},
  );

/** Saves an attachment; the reader then shows it as saved, and the case's documents change. */
export function useSaveAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attachmentId, caseId }: { id: string; attachmentId: string; caseId?: string }) =>
      saveAttachment(id, attachmentId, caseId),
    onSuccess: async (answer, { id, attachmentId }) => {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: ['emails', 'detail', id] })) {
        queryClient.setQueryData<{ data: EmailDetail }>(query.queryKey, (old) =>
          old
            ? {
                data: {
                  ...old.data,
                  attachments: old.data.attachments.map((attachment) =>
                    attachment.id === attachmentId
                      ? { ...attachment, documentId: answer.document.id }
                      : attachment,
                  ),
                },
              }
            : old,
        );
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.documents.all });
    },
  });
}
