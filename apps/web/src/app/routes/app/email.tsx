import { MESSAGES } from '@sentinel/shared';
import { MailX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

/** /email. */
export default function EmailRoute() {
  return (
    <>
      <PageHeader title="Email" description="Mail from your connected accounts, filed by case." />
      <Card>
        <EmptyState
          icon={MailX}
          title="No mail account connected"
          description={MESSAGES.emailNoProvider}
          action={
            <Link
              to={`${paths.settings}?tab=integrations`}
              className={buttonClasses({ variant: 'secondary' })}
            >
              Go to Settings
            </Link>
          }
        />
      </Card>
    </>
  );
}
