import { createHash, randomBytes } from 'node:crypto';
import { completeConsent } from './consent';
import { sandboxEndpoints } from './sandbox';
import type { DemoFacts } from './types';

/** Helpers shared by this package's tests. */

export const GOOGLE_CLIENT = {
  clientId: 'sentinel-google',
  clientSecret: 'google-secret',
  redirectUris: ['http://app.test/cb/google'],
};
export const MICROSOFT_CLIENT = {
  clientId: 'sentinel-microsoft',
  clientSecret: 'ms-secret',
  redirectUris: ['http://app.test/cb/microsoft'],
};

export const GMAIL_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];
export const GRAPH_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'User.Read',
  'Mail.Read',
  'Calendars.ReadWrite',
];

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function googleAuthorizeUrl(base: string, challenge: string, extra: Record<string, string> = {}) {
  const url = new URL(sandboxEndpoints(base).google.authorize);
  const params = {
    client_id: GOOGLE_CLIENT.clientId,
    redirect_uri: GOOGLE_CLIENT.redirectUris[0] as string,
    response_type: 'code',
    scope: GMAIL_SCOPES.join(' '),
    state: 'st-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
    ...extra,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function microsoftAuthorizeUrl(base: string, challenge: string, extra: Record<string, string> = {}) {
  const url = new URL(sandboxEndpoints(base).microsoft.authorize);
  const params = {
    client_id: MICROSOFT_CLIENT.clientId,
    redirect_uri: MICROSOFT_CLIENT.redirectUris[0] as string,
    response_type: 'code',
    response_mode: 'query',
    scope: GRAPH_SCOPES.join(' '),
    state: 'ms-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

export async function getJson(url: string, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

/** A Google connection made through the real pages: the token response. */
export async function connectGoogle(base: string, email: string) {
  const { verifier, challenge } = pkce();
  const consent = await completeConsent(googleAuthorizeUrl(base, challenge), { email });
  const code = new URL(consent.location as string).searchParams.get('code') as string;
  const tokens = await postForm(sandboxEndpoints(base).google.token, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: GOOGLE_CLIENT.redirectUris[0] as string,
    client_id: GOOGLE_CLIENT.clientId,
    client_secret: GOOGLE_CLIENT.clientSecret,
    code_verifier: verifier,
  });
  return tokens.body as { access_token: string; refresh_token: string; scope: string };
}

export async function connectMicrosoft(base: string, email: string) {
  const { verifier, challenge } = pkce();
  const consent = await completeConsent(microsoftAuthorizeUrl(base, challenge), { email });
  const code = new URL(consent.location as string).searchParams.get('code') as string;
  const tokens = await postForm(sandboxEndpoints(base).microsoft.token, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: MICROSOFT_CLIENT.redirectUris[0] as string,
    client_id: MICROSOFT_CLIENT.clientId,
    client_secret: MICROSOFT_CLIENT.clientSecret,
    code_verifier: verifier,
  });
  return tokens.body as { access_token: string; refresh_token: string; scope: string };
}

/** A small practice: three cases, one client with a Gmail account. */
export const FACTS: DemoFacts = {
  now: new Date('2026-11-20T15:00:00Z'),
  attorney: {
    name: 'Avery Stone',
    googleEmail: 'avery@stonelaw.example',
    microsoftEmail: 'avery.stone@stonelaw-ms.example',
  },
  cases: [
    {
      caseNumber: 'CASE-2026-004',
      title: 'Nguyen v. Harborline – water loss',
      claimNumber: 'CLM-2026-88339',
      policyNumber: 'HO-3-5521907',
      carrier: 'Harborline Mutual',
      clientName: 'Linh Nguyen',
      clientEmail: 'linh.nguyen@client.example',
      address: '14 Alder Court, Springfield',
    },
    {
      caseNumber: 'CASE-2026-007',
      title: 'Okoro v. Keystone – wind damage',
      claimNumber: 'CLM-2026-90412',
      policyNumber: 'KP-7710034',
      carrier: 'Keystone Casualty',
      clientName: 'Chidi Okoro',
      clientEmail: 'chidi.okoro@client.example',
      address: '902 Ridge Road, Springfield',
    },
    {
      caseNumber: 'CASE-2026-011',
      title: 'Barnes v. Northbridge – hail',
      claimNumber: 'CLM-2026-91877',
      policyNumber: 'NB-4420018',
      carrier: 'Northbridge Insurance',
      clientName: 'Ruth Barnes',
      clientEmail: 'ruth.barnes@client.example',
      address: '77 Meadow Lane, Springfield',
    },
  ],
  clients: [
    {
      name: 'Linh Nguyen',
      email: 'linh.nguyen@client.example',
      googleEmail: 'linh.nguyen@gmail-sandbox.example',
    },
    { name: 'Chidi Okoro', email: 'chidi.okoro@client.example' },
  ],
};
