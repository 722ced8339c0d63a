import { OAuthCallback } from '@/features/oauth/components/oauth-callback';

/** /oauth2callback and /microsoftoauthcallback (spec §2): the provider's return screen. */
export default function OAuthCallbackRoute() {
  return <OAuthCallback />;
}
