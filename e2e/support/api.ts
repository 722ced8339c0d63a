import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateClientResponse } from '@sentinel/shared';

type ApiResponse = Awaited<ReturnType<APIRequestContext['get']>>;

/** The JSON of a response that must succeed; the assertion names the step and shows the body. */
export async function ok<T>(response: ApiResponse, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new firm for a journey: its attorney signs up, then adds one client (who receives an
 * invitation). Returns the attorney's token and headers and the created client.
 */
export async function newFirmWithClient(
  api: APIRequestContext,
  input: {
    attorney: { email: string; password: string; firstName: string; lastName: string };
    firmName: string;
    client: { firstName: string; lastName: string; email: string; phone: string };
  },
) {
  const signup = await ok<{ token: string }>(
    await api.post('/api/auth/register', {
      data: { ...input.attorney, userType: 'attorney', companyName: input.firmName },
    }),
    'register the attorney',
  );
  const headers = { Authorization: `Bearer ${signup.token}` };
  const client = await ok<CreateClientResponse>(
    await api.post('/api/client/new', { headers, data: input.client }),
    'create the client',
  );
  return { token: signup.token, headers, client };
}
