import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { DocumentList } from './document-list';

/** /documents (spec "Documents"): the searchable list, the upload modal and the Smart Upload link. */
export function DocumentsPage() {
  return (
    <>
      <PageHeader
        title="Documents"
        description="Files for your cases: upload, view, download and see what the AI found."
        actions={
          <Link to={paths.aiAnalysis} className={buttonClasses({ variant: 'secondary' })}>
            <Sparkles aria-hidden="true" className="size-4" />
            Smart Upload
          </Link>
        }
      />
      <DocumentList
        title="All documents"
        description="Newest first. Expand an analysed document to see its analysis."
      />
    </>
  );
}
