import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { allCasesQueryOptions } from '@/api/cases';
import { documentsQueryOptions } from '@/api/documents';
import type { DocumentFilter } from '@/api/query-keys';

/** The documents the user may see; the rows stay on screen while another search loads. */
export const useDocuments = (userId: string, filter: DocumentFilter = {}) =>
  useQuery({ ...documentsQueryOptions(userId, filter), placeholderData: keepPreviousData });

/** The cases the user may see, for the upload's case select (the dashboards' cached answer). */
export const useCaseOptions = (enabled = true) =>
  useQuery({
    ...allCasesQueryOptions(),
    enabled,
    select: (answer) =>
      answer.data.map((item) => ({ id: item.id, label: `${item.caseNumber} · ${item.title}` })),
  });
