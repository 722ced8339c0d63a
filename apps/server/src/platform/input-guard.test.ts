import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { describe, expect, it } from 'vitest';
import { uploadTmpDir } from '../modules/documents/upload';
import { bearer, login, makeUser, useTestContext } from '../test/helpers';
import { NUL_IN_TEXT } from './input-guard';

const ctx = useTestContext();

const multipart = (token: string, body: string, contentType = 'multipart/form-data; boundary=abc') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/document/upload/single',
    headers: { ...bearer(token), 'content-type': contentType },
    payload: body,
  });

describe('input the database cannot store or the server cannot read', () => {
  it('refuses a NUL character in a JSON body, a query or a form field with 400, writing nothing', async () => {
    const email = 'nul.signup@example.test';
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password: 'Copper-Lantern-7261',
        firstName: 'A\u0000B',
        lastName: 'Cole',
        userType: 'attorney',
        companyName: 'Cole Law',
      },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: NUL_IN_TEXT });
    expect(await ctx.database.db.select().from(schema.users).where(eq(schema.users.email, email))).toEqual(
      [],
    );

    const user = await makeUser(ctx, { userType: 'attorney' });
    const token = (await login(ctx, user.email, user.password)).body.token as string;
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases?search=%00x',
      headers: bearer(token),
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().error).toBe(NUL_IN_TEXT);
    // A stranger still learns nothing but 401.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cases?search=%00x' })).statusCode).toBe(401);

    const field = await multipart(
      token,
      '--abc\r\nContent-Disposition: form-data; name="caseId"\r\n\r\nx\u0000y\r\n--abc\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--abc--\r\n',
    );
    expect(field.statusCode).toBe(400);
    expect(field.json().error).toBe(NUL_IN_TEXT);
  });

  it('answers 400 to a multipart body cut short or without its boundary, leaving no file behind', async () => {
    const user = await makeUser(ctx, { userType: 'attorney' });
    const token = (await login(ctx, user.email, user.password)).body.token as string;
    const before = await ctx.database.db.$count(schema.documents);
    const truncated = await multipart(
      token,
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut',
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toMatch(/could not be read/);
    const noBoundary = await multipart(token, 'garbage', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    expect(await ctx.database.db.$count(schema.documents)).toBe(before);
    const tmp = uploadTmpDir(ctx.config.dataDir);
    expect((await readdir(tmp).catch(() => [] as string[])).filter((name) => name.endsWith('.part'))).toEqual(
      [],
    );
  });
});
