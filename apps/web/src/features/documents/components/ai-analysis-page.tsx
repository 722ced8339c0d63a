import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { AiUploadForm } from './ai-upload-form';
import { RecentAnalyses } from './recent-analyses';

/** /documents/aiAnalysis: upload a PDF for analysis, and read the recent analyses. */
export function AiAnalysisPage() {
  const [expanded, setExpanded] = useState<string | null>(null);
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
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card title="Upload" description="A PDF of at most 20 MB, for one of your cases.">
          {/* A new upload opens in the list, where its analysis appears when ready. */}
          <AiUploadForm onUploaded={(document) => setExpanded(document.id)} />
        </Card>
        <RecentAnalyses
          expanded={expanded}
          onToggle={(id) => setExpanded((current) => (current === id ? null : id))}
        />
      </div>
    </>
  );
}
