import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpTokenFor, type TestContext } from './helpers';

/**
 * A client of the API written from the spec alone (§3 shapes, §7 calls, §8 messages), as an
 * existing integration would be: it signs up, adds forty clients with the spec's create payload,
 * lists them with the spec's call (no query), and reads "the server message" of the flows §8
 * names. Nothing here uses Sentinel's own extensions (paging, `error`, `code`).
 */
let ctx: TestContext;
let token: string;
let user: { userId: string; first_name: string; last_name: string };

/** What a spec client does: JSON in, JSON out, the bearer token when it has one. */
async function call(method: 'GET' | 'POST', url: string, body?: object, withToken = true) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: withToken && token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const email = `spec.client.${Date.now()}@example.test`;
  const password = 'Copper-Lantern-7261';
  const registered = await call(
    'POST',
    '/api/auth/register',
    {
      email,
      password,
      firstName: 'Sam',
      lastName: 'Spec',
      userType: 'attorney',
      companyName: 'Spec Reader Law',
    },
    false,
  );
  expect(registered.body.success, JSON.stringify(registered.body)).toBe(true);
  // The spec's sign-up answer (success, token, user) comes once the e-mail's link is followed
  // (docs/decisions/0010).
  const signup = await call(
    'POST',
    '/api/auth/verify-email',
    { token: await signUpTokenFor(ctx, email), password },
    false,
  );
  expect(signup.body.success, JSON.stringify(signup.body)).toBe(true);
  token = signup.body.token as string;
  user = signup.body.user as typeof user;
});
afterAll(() => ctx.close());

describe('a client written from the spec alone', () => {
  it('adds 40 clients and lists every one with the §3 fields', async () => {
    for (let i = 1; i <= 40; i++) {
      const created = await call('POST', '/api/client/new', {
        firstName: `Owner${i}`,
        lastName: 'Spec',
        email: `owner${i}.${Date.now()}@example.test`,
        phone: '+1 (555) 010-0000',
        companyName: '',
        user_type: 'client',
        loggedUserId: user.userId,
        loggedUserName: `${user.first_name} ${user.last_name}`,
      });
      expect(created.status).toBe(201);
      expect(created.body.message).toEqual(expect.any(String));
      expect(created.body.data).toBeTruthy();
    }

    const listed = await call('GET', `/api/client/${user.userId}/clients`);
    expect(listed.status).toBe(200);
    const clients = listed.body.clients as Array<Record<string, unknown>>;
    expect(clients).toHaveLength(40);
    for (const client of clients) {
      for (const field of ['id', 'firstName', 'lastName', 'email', 'phone', 'status'])
        expect(client[field], field).toBeTruthy();
      expect(client.user_type).toBe('client');
      expect(client.assignedToName).toBe('Sam Spec');
    }
  });

  it('reads the server message of every flow §8 names', async () => {
    const flows = [
      // Client creation: the same e-mail twice.
      await call('POST', '/api/client/new', {
        firstName: 'Twice',
        lastName: 'Spec',
        email: 'twice.spec@example.test',
        phone: '+1 (555) 010-0001',
        user_type: 'client',
      }).then(() =>
        call('POST', '/api/client/new', {
          firstName: 'Twice',
          lastName: 'Spec',
          email: 'twice.spec@example.test',
          phone: '+1 (555) 010-0001',
          user_type: 'client',
        }),
      ),
      // Password update with the wrong current password.
      await call('POST', '/api/auth/change-password', {
        userId: user.userId,
        currentPassword: 'Not-The-Password-1',
        newPassword: 'Fresh-Harbor-9921',
      }),
      // Reset with a token that was never issued.
      await call('POST', '/api/auth/reset-password', {
        token: 'no-such-token',
        newPassword: 'Fresh-Harbor-9921',
      }),
      // Forgot password with no e-mail.
      await call('POST', '/api/auth/forgot-password', {}, false),
      // Upload without a file.
      await call('POST', '/api/document/upload/single', {}),
      // Sign-in with a wrong password.
      await call(
        'POST',
        '/api/auth/login',
        { email: 'nobody@example.test', password: 'Wrong-Password-1' },
        false,
      ),
    ];
    for (const flow of flows) {
      expect(flow.status).toBeGreaterThanOrEqual(400);
      expect(flow.body.message, JSON.stringify(flow.body)).toEqual(expect.any(String));
      expect((flow.body.message as string).length).toBeGreaterThan(0);
    }
  });
});
