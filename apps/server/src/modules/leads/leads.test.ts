import { sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/throttle';
import { useTestContext } from '../../test/helpers';
import { PRIVACY_CLEANUP_JOB } from './privacy-cleanup';

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

describe('the privacy clean-up', () => {
  it('forgets a request’s IP address after 30 days and rate-limit counters whose window ended', async () => {
    const { db } = ctx.database;
    const day = 86_400_000;
    await db.insert(schema.leads).values([
      { email: 'old@firm.example', ip: '203.0.113.7', createdAt: new Date(Date.now() - 31 * day) },
      { email: 'new@firm.example', ip: '203.0.113.8', createdAt: new Date(Date.now() - 29 * day) },
    ]);
    await db.execute(sql`insert into auth_throttle (key, count, window_started_at) values
      ('leads:ip:203.0.113.7', 3, now() - interval '2 days'),
      ('leads:ip:203.0.113.8', 1, now())`);

    await ctx.app.jobs.enqueue(db, PRIVACY_CLEANUP_JOB, {});
    await ctx.app.jobs.drain();

    const leads = await db.select({ email: schema.leads.email, ip: schema.leads.ip }).from(schema.leads);
    expect(leads.find((lead) => lead.email === 'old@firm.example')?.ip).toBeNull();
    expect(leads.find((lead) => lead.email === 'new@firm.example')?.ip).toBe('203.0.113.8');
    const keys = rowsOf<{ key: string }>(await db.execute(sql`select key from auth_throttle`)).map(
      (r) => r.key,
    );
    expect(keys).not.toContain('leads:ip:203.0.113.7');
    expect(keys).toContain('leads:ip:203.0.113.8');
  });

  it('forgets sign-ups whose link expired or was used, and keeps those still waiting', async () => {
    const { db } = ctx.database;
    const signUp = (email: string, expiresAt: Date, usedAt: Date | null = null) => ({
      email,
      passwordHash: 'not-a-real-hash',
      firstName: 'A',
      lastName: 'B',
      companyName: 'C',
      userType: 'client',
      tokenHash: `hash-${email}`,
      expiresAt,
      usedAt,
    });
    const hour = 3_600_000;
    await db
      .insert(schema.pendingSignUps)
      .values([
        signUp('expired@example.test', new Date(Date.now() - hour)),
        signUp('used@example.test', new Date(Date.now() + hour), new Date()),
        signUp('waiting@example.test', new Date(Date.now() + hour)),
      ]);

    await ctx.app.jobs.enqueue(db, PRIVACY_CLEANUP_JOB, {});
    await ctx.app.jobs.drain();

    const left = await db.select({ email: schema.pendingSignUps.email }).from(schema.pendingSignUps);
    expect(left.map((row) => row.email)).toEqual(['waiting@example.test']);
  });
});
