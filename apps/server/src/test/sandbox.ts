import { startProviderSandbox, type SandboxSeed } from '@sentinel/provider-sandbox';
import { SANDBOX_CLIENT_ID, sandboxClientSecret } from '../integrations/settings';
import { TEST_APP_SECRET } from './helpers';

/**
 * The provider sandbox as a real local server for server tests, knowing Sentinel's test client
 * (the app under test is pointed at it with PROVIDER_SANDBOX_URL).
 */
export async function startTestSandbox(seed: SandboxSeed = {}) {
  const client = { clientId: SANDBOX_CLIENT_ID, clientSecret: sandboxClientSecret(TEST_APP_SECRET) };
  return startProviderSandbox({ clients: { google: [client], microsoft: [client] }, seed, admin: true, port: 0 });
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x2F;|&#47;/g, '/')
    .replace(/&amp;/g, '&');
const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? decode(match[2] ?? match[3] ?? match[4] ?? '') : undefined;
};
const text = (html: string) => decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();

/**
 * Clicks through a consent page as a person would: in the page at `url`, the form holding the
 * button whose name contains `label` is submitted with that button; redirects inside the sandbox
 * are followed. Returns the next page's URL and HTML, or the redirect that left the sandbox.
 */
async function click(
  page: { url: string; html: string },
  label: string,
  jar: Map<string, string>,
): Promise<{ url: string; html: string; leftTo?: string }> {
  for (const form of page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, formTag, body] = form;
    const buttons = [...body!.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)];
    const button = buttons.find(([, , inner]) => text(inner!).includes(label));
    if (!button) continue;
    const fields = new URLSearchParams();
    for (const [input] of body!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input, 'name');
      if (name) fields.append(name, attr(input, 'value') ?? '');
    }
    const buttonName = attr(button[1]!, 'name');
    if (buttonName) fields.append(buttonName, attr(button[1]!, 'value') ?? '');
    const action = new URL(attr(formTag!, 'action') ?? page.url, page.url).toString();
    const method = (attr(formTag!, 'method') ?? 'get').toUpperCase();
    const target = method === 'GET' ? `${action.split('?')[0]}?${fields}` : action;
    return follow(target, jar, method === 'GET' ? undefined : fields);
  }
  throw new Error(`no button "${label}" on ${page.url}:\n${text(page.html).slice(0, 500)}`);
}

async function follow(url: string, jar: Map<string, string>, body?: URLSearchParams) {
  let current = url;
  let form = body;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(current, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: form?.toString(),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [k, v] = pair!.split('=');
      if (k) jar.set(k.trim(), v ?? '');
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, current);
      if (next.origin !== new URL(url).origin) return { url: current, html: '', leftTo: next.toString() };
      current = next.toString();
      form = undefined;
      continue;
    }
    return { url: current, html: await response.text() };
  }
  throw new Error('too many redirects');
}

/**
 * Goes through the sandbox's account chooser and consent screen for `email` and answers with
 * `decision`. Returns the query the provider sent back to the redirect URI (code and state, or
 * error and state).
 */
export async function consent(
  authorizeUrl: string,
  email: string,
  decision: 'allow' | 'deny',
): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let page = await follow(authorizeUrl, jar);
  page = await click(page, email, jar);
  const google = authorizeUrl.includes('/google/');
  const label = decision === 'allow' ? (google ? 'Allow' : 'Accept') : google ? 'Deny' : 'Cancel';
  const done = await click(page, label, jar);
  if (!done.leftTo) throw new Error(`consent did not return to the app: ${text(done.html).slice(0, 300)}`);
  return new URL(done.leftTo).searchParams;
}
