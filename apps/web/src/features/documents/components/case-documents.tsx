import { CaseRequests } from './case-requests';
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
 * the case may upload), and for attorneys whether the client sees each one and what the client
 * has been asked for.
 */
export function CaseDocuments({ caseId, caseLabel, canShare }: CaseDocumentsProps) {
  return (
    <div className="space-y-6">
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
      {canShare && <CaseRequests caseId={caseId} />}
    </div>
  );
}
