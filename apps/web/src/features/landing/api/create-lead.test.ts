import { MESSAGES } from '@sentinel/shared';
import { createLead, LEADS_ENDPOINT, NETWORK_ERROR_MESSAGE, validateLeadEmail } from './create-lead';
import { LEAD_NETWORK_ERROR, loadLeadApi } from './load-lead-api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('validateLeadEmail', () => {
  it('requires a value and an e-mail format', () => {
    expect(validateLeadEmail('')).toBe(MESSAGES.emailRequired);
    expect(validateLeadEmail('   ')).toBe(MESSAGES.emailRequired);
    expect(validateLeadEmail('owner@')).toBe(MESSAGES.emailInvalid);
    expect(validateLeadEmail('owner@example.com')).toBeNull();
  });
});

describe('createLead', () => {
  it('POSTs the trimmed e-mail as JSON and returns the server message', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { success: true, message: MESSAGES.leadThanks }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(createLead({ email: ' owner@example.com ' })).resolves.toEqual({
      ok: true,
      message: MESSAGES.leadThanks,
    });
    expect(fetchMock).toHaveBeenCalledWith(
      LEADS_ENDPOINT,
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }) as unknown,
        body: '{"email":"owner@example.com"}',
      }),
    );
  });

  it('does not call the server for an invalid e-mail', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(createLead({ email: 'nope' })).resolves.toMatchObject({
      ok: false,
      error: MESSAGES.emailInvalid,
      code: 'VALIDATION_FAILED',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns the error, code and request id of an error answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, { error: MESSAGES.validationFailed, code: 'VALIDATION_FAILED', requestId: 'r-1' }),
      ),
    );
    await expect(createLead({ email: 'owner@example.com' })).resolves.toEqual({
      ok: false,
      error: MESSAGES.validationFailed,
      code: 'VALIDATION_FAILED',
      status: 400,
      requestId: 'r-1',
    });
  });

  it('falls back to a generic message when an error answer is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(createLead({ email: 'owner@example.com' })).resolves.toMatchObject({
      ok: false,
      error: MESSAGES.internalError,
      status: 502,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 429 })),
    );
    await expect(createLead({ email: 'owner@example.com' })).resolves.toMatchObject({
      ok: false,
      error: MESSAGES.tooManyRequests,
    });
  });

  it('does not report success for a 2xx answer that breaks the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(201, { ok: true })),
    );
    await expect(createLead({ email: 'owner@example.com' })).resolves.toMatchObject({
      ok: false,
      error: MESSAGES.internalError,
    });
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(createLead({ email: 'owner@example.com' })).resolves.toEqual({
      ok: false,
      error: NETWORK_ERROR_MESSAGE,
    });
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please try again.');
  });
});

describe('loadLeadApi', () => {
  it('loads the lead API module once', async () => {
    const first = await loadLeadApi();
    expect(first.createLead).toBe(createLead);
    expect(await loadLeadApi()).toBe(first);
  });

  it('uses the catalogue text for its own network error', () => {
    expect(LEAD_NETWORK_ERROR).toBe(MESSAGES.signupNetworkError);
  });
});
