import { schema } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers';

const ctx = useTestContext();

describe('POST /api/leads', () => {
  it('stores the e-mail once and confirms', async () => {
    for (const email of ['Trial@Firm.example', 'trial@firm.example']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: { email } });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ success: true, message: MESSAGES.leadThanks });
    }
    const rows = await ctx.database.db.select().from(schema.leads);
    expect(rows.map((r) => r.email)).toEqual(['trial@firm.example']);
  });

  it('refuses an invalid e-mail with a clear message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { email: 'not-mail' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.emailInvalid);
  });
});
