import {
  CONNECT_BANNER_MS,
  connectFailureBanner,
  connectSuccessBanner,
  PROVIDERS,
  type Provider,
} from '@sentinel/shared';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface ConnectBanner {
  tone: 'success' | 'error';
  text: string;
}

const isProvider = (value: string | null): value is Provider =>
  value !== null && (PROVIDERS as readonly string[]).includes(value);

const MAX_MESSAGE_LENGTH = 300;

/**
 * Reads the outcome of a provider connect attempt from ?status=&provider=&message= (spec §4
 * "Provider connection"). The three parameters leave the URL at once (history replace, the
 * integrations tab is selected) and the banner disappears after 5000 ms. The disconnect outcome
 * (§8 banners) uses the same place through `showBanner`.
 */
export function useConnectBanner(): {
  banner: ConnectBanner | null;
  /** Shows another outcome in the same place (a disconnect), for the same 5000 ms. */
  showBanner: (banner: ConnectBanner) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const [banner, setBanner] = useState<ConnectBanner | null>(null);
  const status = searchParams.get('status');
  const provider = searchParams.get('provider');
  const message = searchParams.get('message');

  useEffect(() => {
    if (status === null) return;
    if (isProvider(provider) && status === 'success') {
      setBanner({ tone: 'success', text: connectSuccessBanner(provider) });
    } else if (isProvider(provider) && status === 'error') {
      setBanner({
        tone: 'error',
        text: connectFailureBanner(provider, message?.slice(0, MAX_MESSAGE_LENGTH)),
      });
    }
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const key of ['status', 'provider', 'message']) next.delete(key);
        next.set('tab', 'integrations');
        return next;
      },
      { replace: true },
    );
  }, [status, provider, message, setSearchParams]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), CONNECT_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const showBanner = useCallback((next: ConnectBanner) => setBanner(next), []);
  return { banner, showBanner };
}
