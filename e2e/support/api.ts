import { expect, type APIRequestContext } from '@playwright/test';
import type {
  CaseResponse,
  CreateCaseRequest,
  CreateClientRequest,
  CreateClientResponse,
  LoginResponse,
  RegisterRequest,
  VerifyEmailResponse,
} from '@sentinel/shared';
import { SIGN_UP_SUBJECT, temporaryPasswordIn, verifyLinkIn, waitForMail } from './outbox';

type ApiResponse = Awaited<ReturnType<APIRequestContext['get']>>;

/** The JSON of a response that must succeed; the assertion names the step and shows the body. */
export async function ok<T>(response: ApiResponse, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Signs up through the API as a person does: POST /api/auth/register, then the link of the
 * e-mail it sends, with the password (POST /api/auth/verify-email). Answers the session.
 */
export async function signUpThroughMail(
  api: APIRequestContext,
  data: RegisterRequest,
): Promise<VerifyEmailResponse> {
  const registered = await api.post('/api/auth/register', { data });
  expect(registered.status(), `register ${data.email}: ${await registered.text()}`).toBe(202);
  const link = verifyLinkIn(await waitForMail(data.email, SIGN_UP_SUBJECT));
  const token = new URL(link).searchParams.get('token');
  return ok<VerifyEmailResponse>(
    await api.post('/api/auth/verify-email', { data: { token, password: data.password } }),
    `verify ${data.email}`,
  );
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
  const signup = await signUpThroughMail(api, {
    ...input.attorney,
    userType: 'attorney',
    companyName: input.firmName,
  });
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
