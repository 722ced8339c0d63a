import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * /oauth2callback and /microsoftoauthcallback. Connecting Google and Microsoft accounts is not
 * built yet, so this screen says so instead of pretending to finish a connection.
 */
export default function OAuthCallbackRoute() {
  return (
    <AuthLayout title="Processing OAuth Callback..." documentTitle="Connecting Account">
      <p className="text-sm text-slate-600">
        Connecting Google Workspace and Microsoft 365 accounts is not available yet, so there is nothing to
        process here. No account was connected.
      </p>
      <Link
        to={`${paths.settings}?tab=integrations`}
        className={buttonClasses({ fullWidth: true, size: 'lg', className: 'mt-6' })}
      >
        Go to Settings
      </Link>
    </AuthLayout>
  );
}
