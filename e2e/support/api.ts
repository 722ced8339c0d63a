import { expect, type APIRequestContext } from '@playwright/test';
import type {
  CaseResponse,
  CreateCaseRequest,
  CreateClientRequest,
  CreateClientResponse,
  LoginResponse,
} from '@sentinel/shared';
import { temporaryPasswordIn, waitForMail } from './outbox';

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
    client: CreateClientRequest;
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

/** Opens a case through POST /api/cases with the attorney's headers; returns the case. */
export async function openCase(
  api: APIRequestContext,
  headers: Record<string, string>,
  data: CreateCaseRequest,
  what: string,
): Promise<CaseResponse['data']> {
  return (await ok<CaseResponse>(await api.post('/api/cases', { headers, data }), what)).data;
}

/**
 * An invited person's first sign-in, through the API: the temporary password of the invitation
 * e-mail (to `email`, its subject containing `subject`), then `newPassword`, their own.
 */
export async function chooseOwnPassword(
  api: APIRequestContext,
  invitation: { email: string; subject: string },
  newPassword: string,
  who: string,
) {
  const { email } = invitation;
  const temporary = temporaryPasswordIn(await waitForMail(email, invitation.subject));
  const first = await ok<LoginResponse>(
    await api.post('/api/auth/login', { data: { email, password: temporary } }),
    `${who} signs in with the temporary password`,
  );
  expect(first.requiresPasswordReset).toBe(true);
  await ok(
    await api.post('/api/auth/change-temp-password', {
      data: { email, newPassword, ticket: first.temporaryPasswordTicket },
    }),
    `${who} chooses a password`,
  );
}
