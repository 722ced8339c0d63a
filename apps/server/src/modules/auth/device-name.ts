import Bowser from 'bowser';

/** "Chrome on macOS" from a user agent; "Unknown device" when there is none to read. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  // bowser answers '' for what it does not know (curl, scripts).
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}
