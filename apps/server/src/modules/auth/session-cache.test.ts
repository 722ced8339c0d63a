import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';
import { authRepository } from './auth.repository';

const ctx = useTestContext();

afterEach(() => vi.restoreAllMocks());

const verify = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/tokens/verify', headers: bearer(token) });

async function signedIn() {
  const user = await makeUser(ctx);
  const { body } = await login(ctx, user.email, user.password);
  const claims = ctx.app.accessTokens.verify(body.token!)!;
  return { user, token: body.token!, sessionId: claims.sessionId, userId: claims.userId };
}

describe('the guard’s session cache', () => {
  it('reads a session once for the requests that miss the cache together', async () => {
    const { sessionId, userId } = await signedIn();
    const { sessions } = ctx.app.services;
    sessions.forget(sessionId);
    const reads = vi.spyOn(authRepository, 'findSessionPrincipal');
    const answers = await Promise.all(Array.from({ length: 20 }, () => sessions.standing(sessionId, userId)));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(answers.every((answer) => answer === answers[0])).toBe(true);
    expect(answers[0]?.account).toMatchObject({ userId, sessionId });
    // The principal is the account acting in its firm, built once with it.
    expect(answers[0]?.principal).toMatchObject({ userId, firmId: answers[0]?.account.firm?.firmId });
    // Another user's id with this session's id is not let through by the shared read.
    expect(await sessions.standing(sessionId, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('does not remember what a read found when the session was revoked while it ran', async () => {
    const { token, sessionId, userId } = await signedIn();
    const { sessions } = ctx.app.services;
    sessions.forget(sessionId);
    const read = authRepository.findSessionPrincipal.bind(authRepository);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const reading = new Promise<void>((resolve) => (started = resolve));
    // The read finds the session live, then the sign-out lands before its answer is remembered.
    vi.spyOn(authRepository, 'findSessionPrincipal').mockImplementationOnce(async (db, id) => {
      const row = await read(db, id);
      started();
      await gate;
      return row;
    });
    const racing = sessions.standing(sessionId, userId);
    await reading;
    await sessions.revoke(ctx.app.db, sessionId, 'logout');
    release();
    expect(await racing).not.toBeNull();
    expect(await sessions.standing(sessionId, userId)).toBeNull();
    expect((await verify(token)).statusCode).toBe(401);
  });
});

describe('GET /api/tokens/verify', () => {
  it('answers what the schema declares, and a changed user at once on the instance that changed it', async () => {
    const { user, token } = await signedIn();
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({
      success: true,
      user: expect.objectContaining({ userId: user.id, email: user.email }),
    });
    expect((await verify(token)).body).toBe(first.body);

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/time-zone',
      headers: bearer(token),
      payload: { timeZone: 'Pacific/Auckland' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await verify(token);
    expect(after.json().user.timeZone).toBe('Pacific/Auckland');
    expect(after.body).not.toBe(first.body);
  });
});
