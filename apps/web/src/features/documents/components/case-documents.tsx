import { DocumentList } from './document-list';

export interface CaseDocumentsProps {
  caseId: string;
  /** 'CASE-2026-001 · Roof collapse'. */
  caseLabel: string;
  /** Attorneys: a 'Shared with client' switch per document. */
  canShare: boolean;
}

/**
 * The case page's Documents tab: the case's documents, uploads into the case (everyone who sees
 * the case may upload), and for attorneys whether the client sees each one.
 */
export function CaseDocuments({ caseId, caseLabel, canShare }: CaseDocumentsProps) {
  return (
    <DocumentList
      title="Case documents"
      description={
        canShare
          ? 'The client sees only the documents shared with them (and what they uploaded).'
          : 'Documents of this case that you can see.'
      }
      fixedCase={{ id: caseId, label: caseLabel }}
      canShare={canShare}
    />
  );
}
