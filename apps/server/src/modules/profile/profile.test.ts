import { describe, expect, it } from 'vitest';
import { createFirm } from '@sentinel/db/factories';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';

const ctx = useTestContext();

const patchProfile = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers: bearer(token), payload });

describe('GET and PATCH /api/profile', () => {
  it('shows the user and firm, and lets an attorney rename the firm', async () => {
    const firm = await createFirm(ctx.database.db, { name: 'Old Name LLP' });
    const user = await makeUser(ctx, { firmId: firm.id });
    const { body } = await login(ctx, user.email, user.password);
    const get = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(body.token) });
    expect(get.json()).toEqual({
      user: body.user,
      firmId: firm.id,
      firmName: 'Old Name LLP',
      canEditFirmName: true,
    });

    const patch = await patchProfile(body.token, { firmName: '  New Name LLP ' });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().firmName).toBe('New Name LLP');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(body.token) });
    expect(again.json().firmName).toBe('New Name LLP');
  });

  it('refuses an empty firm name and non-attorneys, changing nothing', async () => {
    const firm = await createFirm(ctx.database.db, { name: 'Keep Me LLP' });
    const attorney = await makeUser(ctx, { firmId: firm.id });
    const client = await makeUser(ctx, { firmId: firm.id, userType: 'client' });
    const a = await login(ctx, attorney.email, attorney.password);
    const c = await login(ctx, client.email, client.password);
    const empty = await patchProfile(a.body.token, { firmName: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Firm name is required');
    const forbidden = await patchProfile(c.body.token, { firmName: 'Hijack' });
    expect(forbidden.statusCode).toBe(403);
    const get = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(c.body.token) });
    expect(get.json()).toMatchObject({ firmName: 'Keep Me LLP', canEditFirmName: false });
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});
