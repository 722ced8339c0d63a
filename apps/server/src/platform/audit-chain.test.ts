import { describe, expect, it } from 'vitest';
import { createTestContext, login, makeUser } from '../test/helpers';
import { verifyAuditChain } from './audit-chain';

/**
 * Changes the trail as someone with the table owner's rights could, past the append-only trigger
 * (the app's own connection cannot: app-role.test.ts).
 */
async function tamper(ctx: Awaited<ReturnType<typeof createTestContext>>, statement: string) {
  await ctx.owner.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
  await ctx.owner.query(statement);
  await ctx.owner.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
}

describe('the audit trail’s hash chain', () => {
  it('chains every row as it is written, and the chain checks out', async () => {
    const ctx = await createTestContext();
    try {
      const user = await makeUser(ctx);
      for (let i = 0; i < 3; i++) await login(ctx, user.email, user.password);
      await login(ctx, user.email, 'Wrong-Password-1');
      const { rows } = await ctx.database.query<{
        chain_seq: number;
        prev_hash: string | null;
        hash: string;
      }>('SELECT chain_seq::int, prev_hash, hash FROM audit_log ORDER BY chain_seq');
      expect(rows.length).toBeGreaterThanOrEqual(4);
      rows.forEach((row, i) => {
        expect(row.chain_seq).toBe(i + 1);
        expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.prev_hash).toBe(i === 0 ? null : rows[i - 1]!.hash);
      });
      const report = await verifyAuditChain(ctx.database);
      expect(report).toEqual({ rows: rows.length, headHash: rows.at(-1)!.hash, problems: [] });
    } finally {
      await ctx.close();
    }
  });

  it('tells a changed row, a removed one in the middle, and removed rows at the end', async () => {
    const ctx = await createTestContext();
    try {
      const user = await makeUser(ctx);
      for (let i = 0; i < 6; i++) await login(ctx, user.email, user.password);
      const seqs = (
        await ctx.database.query<{ id: number; chain_seq: number }>(
          'SELECT id::int, chain_seq::int FROM audit_log ORDER BY chain_seq',
        )
      ).rows;
      expect(seqs).toHaveLength(6);
      const [, second, third, , , last] = seqs;

      await tamper(ctx, `UPDATE audit_log SET outcome = 'failure' WHERE id = ${second!.id}`);
      expect((await verifyAuditChain(ctx.database)).problems).toEqual([
        { id: second!.id, chainSeq: 2, problem: 'its content or hash was changed' },
      ]);
      await tamper(ctx, `UPDATE audit_log SET outcome = 'success' WHERE id = ${second!.id}`);
      expect((await verifyAuditChain(ctx.database)).problems).toEqual([]);

      await tamper(ctx, `DELETE FROM audit_log WHERE id = ${third!.id}`);
      expect((await verifyAuditChain(ctx.database)).problems).toEqual([
        { id: seqs[3]!.id, chainSeq: 4, problem: 'rows before it are missing' },
      ]);

      await tamper(ctx, `DELETE FROM audit_log WHERE id = ${last!.id}`);
      expect((await verifyAuditChain(ctx.database)).problems).toContainEqual({
        id: null,
        chainSeq: 6,
        problem: 'the last 1 row(s) of the chain are missing',
      });
    } finally {
      await ctx.close();
    }
  });
});
