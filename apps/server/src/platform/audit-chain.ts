import type { DatabaseHandle } from '@sentinel/db';

export interface AuditChainReport {
  rows: number;
  /** The last hash given: write it down elsewhere to tell later that nothing was rewritten since. */
  headHash: string | null;
  problems: Array<{ id: number | null; chainSeq: number | null; problem: string }>;
}

/**
 * Checks the audit trail's hash chain (migration 0012): each row's hash is recomputed from its
 * content, its previous hash must be the hash of the row before it in the chain, places must run
 * 1, 2, 3… without a gap, and the chain's head must name the last row. A changed row, a removed
 * one (in the middle or at the end) and an inserted one each show as a problem.
 */
export async function verifyAuditChain(database: Pick<DatabaseHandle, 'query'>): Promise<AuditChainReport> {
  const { rows: problems } = await database.query<{ id: number; chain_seq: number | null; problem: string }>(
    `with chain as (
       select id, chain_seq, prev_hash, hash, audit_log_row_hash(a) as recomputed,
              lag(hash) over (order by chain_seq) as previous_hash,
              lag(chain_seq) over (order by chain_seq) as previous_seq
         from audit_log a)
     select id::int, chain_seq::int,
            case when chain_seq is null then 'not in the chain'
                 when hash is distinct from recomputed then 'its content or hash was changed'
                 when chain_seq <> coalesce(previous_seq, 0) + 1 then 'rows before it are missing'
                 when prev_hash is distinct from previous_hash then 'the row before it was changed or replaced'
            end as problem
       from chain
      where chain_seq is null or hash is distinct from recomputed
         or chain_seq <> coalesce(previous_seq, 0) + 1 or prev_hash is distinct from previous_hash
      order by chain_seq nulls first
      limit 100`,
  );
  const { rows: summary } = await database.query<{
    rows: number;
    last_seq: number | null;
    last_hash: string | null;
    head_seq: number;
    head_hash: string | null;
  }>(
    `select (select count(*)::int from audit_log) as rows,
            last.chain_seq::int as last_seq, last.hash as last_hash,
            head.seq::int as head_seq, head.hash as head_hash
       from audit_chain_head head
       left join lateral (select chain_seq, hash from audit_log order by chain_seq desc nulls last limit 1) last on true
      where head.id = 1`,
  );
  const report: AuditChainReport = {
    rows: summary[0]?.rows ?? 0,
    headHash: summary[0]?.head_hash ?? null,
    problems: problems.map((row) => ({ id: row.id, chainSeq: row.chain_seq, problem: row.problem })),
  };
  const head = summary[0];
  if (!head) report.problems.push({ id: null, chainSeq: null, problem: 'the chain’s head is missing' });
  else if (head.head_seq !== (head.last_seq ?? 0) || head.head_hash !== head.last_hash)
    report.problems.push({
      id: null,
      chainSeq: head.head_seq,
      problem: `the last ${head.head_seq - (head.last_seq ?? 0)} row(s) of the chain are missing`,
    });
  return report;
}
