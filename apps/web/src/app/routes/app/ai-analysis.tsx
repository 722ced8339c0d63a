import { ArrowLeft, FileSearch, UploadCloud } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

/** /documents/aiAnalysis. */
export default function AiAnalysisRoute() {
  return (
    <>
      <PageHeader
        title="AI Document Upload"
        description="Classify a case document and pull out its parties, dates and amounts."
        actions={
          <Link to={paths.documents} className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Documents
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Upload">
          <EmptyState
            icon={UploadCloud}
            headingLevel="h3"
            title="Uploading is not available yet"
            description="Document upload and analysis are not available yet."
          />
        </Card>
        <Card title="Recent Analyses">
          <EmptyState
            icon={FileSearch}
            headingLevel="h3"
            title="No analyses yet"
            description="Analysed documents will be listed here."
          />
        </Card>
      </div>
    </>
  );
}
