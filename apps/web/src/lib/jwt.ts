/**
 * Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it; the server
 * verifies. Returns null when the token is not a decodable JWT with a numeric `exp`.
 */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

/** True when the token is missing, undecodable, or expires within `seconds` from `now`. */
export function tokenNeedsRefresh(token: string | null, seconds: number, now = Date.now()): boolean {
  if (!token) return true;
  const exp = readJwtExpiry(token);
  if (exp === null) return true;
  return exp * 1000 - now <= seconds * 1000;
}
