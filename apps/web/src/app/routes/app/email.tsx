import { EmailInbox } from '@/features/email/components/email-inbox';

/** /email (both shells): the merged inbox of the connected accounts. */
export default function EmailRoute() {
  return <EmailInbox />;
}
