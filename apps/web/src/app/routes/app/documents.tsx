import { DocumentsPage } from '@/features/documents/components/documents-page';

/** /documents. */
export default function DocumentsRoute() {
  return <DocumentsPage />;
}
