import { USER_TYPES, type UserType } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';

/**
 * The authorisation table: every /api route, who may call it, and what another firm's object
 * answers. A route registered without a row here fails the first test; a row whose route is
 * gone fails it too.
 */
type Expect = 'public' | 'session' | readonly UserType[];
interface Row {
  access: Expect;
  /** The route touches one object named in the path: another firm's answers 404. */
  foreignObject?: boolean;
  /** A body that passes validation, so that what answers is the authorisation, not the schema. */
  payload?: Record<string, unknown>;
}

const ATTORNEY_ONLY = ['attorney'] as const;
const TABLE: Record<string, Row> = {
  'GET /api/health': { access: 'public' },
  'GET /api/ready': { access: 'public' },
  'POST /api/auth/login': { access: 'public' },
  'POST /api/auth/register': { access: 'public' },
  'POST /api/auth/forgot-password': { access: 'public' },
  'POST /api/auth/reset-password': { access: 'public' },
  'POST /api/auth/change-password': { access: 'session' },
  'POST /api/auth/change-temp-password': { access: 'public' },
  'GET /api/tokens/verify': { access: 'session' },
  'POST /api/tokens/refresh': { access: 'public' },
  'POST /api/tokens/logout': { access: 'public' },
  'GET /api/profile': { access: 'session' },
  'PATCH /api/profile': { access: 'session' },
  'POST /api/leads': { access: 'public' },
  'POST /api/client/new': { access: ATTORNEY_ONLY },
  'GET /api/client/:userId/clients': { access: ATTORNEY_ONLY, foreignObject: true },
  'GET /api/clients/:id': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/clients/:id/invitation': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/clients/:id/deactivate': { access: ATTORNEY_ONLY, foreignObject: true },
  'GET /api/firm/people': { access: ATTORNEY_ONLY },
  'GET /api/cases': { access: 'session' },
  'POST /api/cases': { access: ATTORNEY_ONLY, payload: { title: 'Table case' } },
  'GET /api/cases/:id': { access: 'session', foreignObject: true },
  'PATCH /api/cases/:id': { access: ATTORNEY_ONLY, foreignObject: true, payload: { priority: 'high' } },
  'POST /api/cases/:id/members': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { userId: '00000000-0000-4000-8000-000000000001', role: 'expert' },
  },
  'DELETE /api/cases/:id/members': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { userId: '00000000-0000-4000-8000-000000000001' },
  },
  'GET /api/dashboard/attorney': { access: ATTORNEY_ONLY },
  'POST /api/document/upload/single': { access: 'session' },
  'GET /api/document/:userId/all': { access: 'session', foreignObject: true },
  'GET /api/document/:id': { access: 'session', foreignObject: true },
  'DELETE /api/document/:id': { access: 'session', foreignObject: true },
  'PATCH /api/document/:id': { access: 'session', foreignObject: true, payload: { sharedWithClient: true } },
  'POST /api/document/:id/analyze': { access: 'session', foreignObject: true },
  'GET /api/document/:id/signedUrl': { access: 'session', foreignObject: true },
  'GET /api/files/:id': { access: 'public' },
};

let ctx: TestContext;
const tokens = {} as Record<UserType, string>;
let foreignAttorneyId: string;
let foreignClientId: string;
let foreignCaseId: string;
let foreignDocumentId: string;
let ownAttorneyId: string;
let ownClientId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const firm = await makeUser(ctx, { userType: 'attorney' });
  ownAttorneyId = firm.id;
  for (const userType of USER_TYPES) {
    const user = userType === 'attorney' ? firm : await makeUser(ctx, { userType, firmId: firm.firmId });
    tokens[userType] = (await login(ctx, user.email, user.password)).body.token;
  }
  const other = await makeUser(ctx, { userType: 'attorney' });
  foreignAttorneyId = other.id;
  const otherToken = (await login(ctx, other.email, other.password)).body.token;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/client/new',
    headers: bearer(otherToken),
    payload: {
      firstName: 'Other',
      lastName: 'Firm',
      email: 'other.firm.client@example.com',
      phone: '555 0100',
    },
  });
  foreignClientId = created.json().data.id;
  foreignCaseId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: bearer(otherToken),
      payload: { title: 'Other firm case', clientId: foreignClientId },
    })
  ).json().data.id;
  const boundary = 'tableBOUNDARY';
  foreignDocumentId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(otherToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nOther firm\r\n--${boundary}--\r\n`,
    })
  ).json().data.id;
  const ownClient = await ctx.app.inject({
    method: 'POST',
    url: '/api/client/new',
    headers: bearer(tokens.attorney),
    payload: {
      firstName: 'Own',
      lastName: 'Client',
      email: 'own.firm.client@example.com',
      phone: '555 0101',
    },
  });
  ownClientId = ownClient.json().data.id;
});
afterAll(() => ctx.close());

/** The path with its parameters filled: objects of this firm, or of the other firm. */
function urlOf(route: string, firm: 'own' | 'foreign') {
  const [, path] = route.split(' ');
  const foreignId = path!.startsWith('/api/cases/')
    ? foreignCaseId
    : path!.startsWith('/api/document/')
      ? foreignDocumentId
      : foreignClientId;
  return path!
    .replace(':userId', firm === 'own' ? ownAttorneyId : foreignAttorneyId)
    .replace(':id', firm === 'own' ? '00000000-0000-4000-8000-000000000000' : foreignId);
}

const call = (route: string, firm: 'own' | 'foreign', token?: string) => {
  const payload = TABLE[route]?.payload ?? {};
  return ctx.app.inject({
    method: route.split(' ')[0] as 'GET',
    url: urlOf(route, firm),
    headers: token ? bearer(token) : {},
    ...(route.startsWith('GET')
      ? {}
      : { payload: 'title' in payload ? { ...payload, clientId: ownClientId } : payload }),
  });
};

describe('authorisation table', () => {
  it('has exactly one row per registered route, with the access the route declares', () => {
    const registered = Object.fromEntries(ctx.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(Object.keys(registered).sort()).toEqual(Object.keys(TABLE).sort());
    for (const [route, row] of Object.entries(TABLE)) expect(registered[route], route).toEqual(row.access);
  });

  for (const [route, row] of Object.entries(TABLE)) {
    if (row.access === 'public') continue;
    it(`${route}: 401 without a session; 403 for roles that may not; never for those that may`, async () => {
      expect((await call(route, 'own')).statusCode).toBe(401);
      for (const userType of USER_TYPES) {
        const allowed = row.access === 'session' || row.access.includes(userType);
        const status = (await call(route, 'own', tokens[userType])).statusCode;
        if (allowed) expect([401, 403], `${userType}: ${status}`).not.toContain(status);
        else expect(status, userType).toBe(403);
      }
    });
    if (row.foreignObject) {
      it(`${route}: another firm's object answers 404 to an allowed role`, async () => {
        const allowed: readonly UserType[] =
          row.access === 'session' ? USER_TYPES : (row.access as readonly UserType[]);
        for (const userType of allowed) {
          expect((await call(route, 'foreign', tokens[userType])).statusCode, userType).toBe(404);
        }
      });
    }
  }
});
