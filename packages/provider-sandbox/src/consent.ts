/**
 * Walks the sandbox's authorize pages over HTTP the way a person would (choose the account, then
 * Allow/Accept or Deny/Cancel) by posting its plain HTML forms. For tests that need a real code
 * without a browser. Returns the redirect the provider answered with.
 */

interface HtmlForm {
  action: string;
  fields: Record<string, string>;
  buttons: { name?: string; value?: string; label: string }[];
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match?.[1] === undefined ? undefined : decode(match[1]);
};

export function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, open = '', inner = ''] = match;
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(input[0], 'name');
      if (name && attribute(input[0], 'type') === 'hidden') fields[name] = attribute(input[0], 'value') ?? '';
    }
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map((button) => ({
      name: attribute(button[0], 'name'),
      value: attribute(button[0], 'value'),
      label: decode((button[2] ?? '').replace(/<[^>]+>/g, '').trim()),
    }));
    forms.push({ action: attribute(`<form${open}>`, 'action') ?? '', fields, buttons });
  }
  return forms;
}

async function submit(
  base: string,
  form: HtmlForm,
  button: HtmlForm['buttons'][number],
  extra: Record<string, string> = {},
) {
  const body = new URLSearchParams({ ...form.fields, ...extra });
  if (button.name) body.set(button.name, button.value ?? '');
  return fetch(new URL(form.action, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
}

export interface ConsentResult {
  /** The Location the provider redirected to (the app's redirect_uri with code or error), if any. */
  location?: string;
  /** The HTTP status of the last answer (302 on success or denial, 4xx on an error page). */
  status: number;
  /** The last page's HTML when there was no redirect. */
  html?: string;
}

/**
 * Opens `authorizeUrl` and consents as `email` (`decision: 'deny'` presses Deny/Cancel). With
 * `name`, creates the account through "Use another account" when it does not exist yet.
 */
export async function completeConsent(
  authorizeUrl: string,
  input: { email: string; name?: string; decision?: 'allow' | 'deny' },
): Promise<ConsentResult> {
  const first = await fetch(authorizeUrl, { redirect: 'manual' });
  if (first.status !== 200) {
    return {
      status: first.status,
      location: first.headers.get('location') ?? undefined,
      html: await first.text(),
    };
  }
  const forms = parseForms(await first.text());
  const accountForm = forms.find((form) => form.fields.email?.toLowerCase() === input.email.toLowerCase());
  let chosen: Response;
  if (accountForm?.buttons[0]) {
    chosen = await submit(authorizeUrl, accountForm, accountForm.buttons[0]);
  } else {
    const another = forms.find((form) =>
      form.buttons.some((button) => button.label === 'Use another account'),
    );
    if (!another?.buttons[0]) throw new Error(`no account ${input.email} on the chooser`);
    chosen = await submit(authorizeUrl, another, another.buttons[0], {
      newEmail: input.email,
      newName: input.name ?? input.email,
    });
  }
  const consentHtml = await chosen.text();
  if (chosen.status !== 200) return { status: chosen.status, html: consentHtml };
  const consentForm = parseForms(consentHtml).find((form) =>
    form.buttons.some((button) => button.value === 'allow'),
  );
  const button = consentForm?.buttons.find((candidate) => candidate.value === (input.decision ?? 'allow'));
  if (!consentForm || !button) throw new Error('no consent form');
  const decided = await submit(authorizeUrl, consentForm, button);
  return {
    status: decided.status,
    location: decided.headers.get('location') ?? undefined,
    html: decided.status === 302 ? undefined : await decided.text(),
  };
}
