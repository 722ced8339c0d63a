import { FileText, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

/** /documents. */
export default function DocumentsRoute() {
  return (
    <>
      <PageHeader
        title="Documents"
        description="Files for your cases."
        actions={
          <Link to={paths.aiAnalysis} className={buttonClasses({ variant: 'secondary' })}>
            <Sparkles aria-hidden="true" className="size-4" />
            Smart Upload
          </Link>
        }
      />
      <Card>
        <EmptyState
          icon={FileText}
          title="No documents yet"
          description="Documents uploaded to your cases or shared with you will be listed here."
        />
      </Card>
    </>
  );
}
