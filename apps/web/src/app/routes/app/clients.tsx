import { ClientDirectory } from '@/features/clients/components/client-directory';

/** /clients (attorneys). */
export default function ClientsRoute() {
  return <ClientDirectory />;
}
