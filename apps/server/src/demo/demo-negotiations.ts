import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoStep {
  kind: 'demand' | 'offer' | 'settlement' | 'note';
  amount: number | null;
  daysAgo: number;
  actor: string;
  note?: string;
}

/**
 * The demo cases that are talking to their carrier (demo-cases.ts): those in Negotiation and
 * Settlement, and one settled. The carriers' latest offers cover every colour of the list: the
 * Water Damage offer is 69 % of its target (yellow), Business Interruption 54 % (red), Kitchen
 * Fire 88 % and the Garage 87 % (green). The settled one's settlement is the case's own amount,
 * so the dashboard's figures stay those of the cases.
 */
const DEMO_NEGOTIATIONS: Record<string, DemoStep[]> = {
  'Ellis Residence – Water Damage': [
    {
      kind: 'demand',
      amount: 212000,
      daysAgo: 41,
      actor: 'Morgan & Reyes',
      note: 'Demand with the contractor’s estimate and the moisture report.',
    },
    {
      kind: 'offer',
      amount: 92000,
      daysAgo: 30,
      actor: 'Dana Price, Harborline Mutual adjuster',
      note: 'Disputes the drywall and flooring scope.',
    },
    {
      kind: 'demand',
      amount: 198500,
      daysAgo: 19,
      actor: 'Morgan & Reyes',
      note: 'Revised demand after the re-inspection.',
    },
    { kind: 'offer', amount: 128000, daysAgo: 6, actor: 'Dana Price, Harborline Mutual adjuster' },
  ],
  'Riverside Plaza Business Interruption': [
    {
      kind: 'demand',
      amount: 365000,
      daysAgo: 28,
      actor: 'Morgan & Reyes',
      note: 'Twelve months of lost income, with the accountant’s schedule.',
    },
    {
      kind: 'offer',
      amount: 175000,
      daysAgo: 9,
      actor: 'Atlantic Commercial Assurance claims unit',
      note: 'Accepts six months only.',
    },
  ],
  'Hernandez Kitchen Fire': [
    { kind: 'demand', amount: 276000, daysAgo: 60, actor: 'Morgan & Reyes' },
    { kind: 'offer', amount: 150000, daysAgo: 44, actor: 'Sunstate Insurance adjuster' },
    {
      kind: 'demand',
      amount: 252000,
      daysAgo: 25,
      actor: 'Morgan & Reyes',
      note: 'Smoke remediation added.',
    },
    {
      kind: 'offer',
      amount: 212000,
      daysAgo: 4,
      actor: 'Sunstate Insurance adjuster',
      note: 'Offer valid for 30 days.',
    },
  ],
  'Ellis Detached Garage Collapse': [
    { kind: 'demand', amount: 61000, daysAgo: 33, actor: 'Morgan & Reyes' },
    { kind: 'offer', amount: 47500, daysAgo: 12, actor: 'Harborline Mutual adjuster' },
  ],
  'Hernandez Mold Remediation': [
    { kind: 'demand', amount: 71000, daysAgo: 50, actor: 'Morgan & Reyes' },
    { kind: 'offer', amount: 52000, daysAgo: 30, actor: 'Sunstate Insurance adjuster' },
    { kind: 'settlement', amount: null, daysAgo: 0, actor: 'Both parties', note: 'Release signed.' },
  ],
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Seeds the demo cases' negotiations with their histories (dates relative to today). */
export async function seedDemoNegotiations(tx: Transaction, firmId: string, attorneyId: string) {
  const now = Date.now();
  const cases = await tx
    .select()
    .from(schema.cases)
    .where(and(eq(schema.cases.firmId, firmId), inArray(schema.cases.title, Object.keys(DEMO_NEGOTIATIONS))));
  for (const row of cases) {
    const steps = DEMO_NEGOTIATIONS[row.title]!;
    const settled = row.status === 'settled';
    const lastAt = new Date(now - Math.min(...steps.map((step) => step.daysAgo)) * DAY_MS);
    const first = new Date(now - Math.max(...steps.map((step) => step.daysAgo)) * DAY_MS - DAY_MS);
    const [negotiation] = await tx
      .insert(schema.negotiations)
      .values({
        firmId,
        caseId: row.id,
        status: settled ? 'settled' : 'open',
        targetSource: row.targetSettlement === null ? null : 'typed',
        settlementAmount: settled ? row.settlementAmount : null,
        settledAt: settled ? row.settledAt : null,
        createdById: attorneyId,
        lastActionAt: settled && row.settledAt ? row.settledAt : lastAt,
        createdAt: first,
        updatedAt: lastAt,
      })
      .returning({ id: schema.negotiations.id });
    for (const step of steps) {
      const at =
        step.kind === 'settlement' && row.settledAt ? row.settledAt : new Date(now - step.daysAgo * DAY_MS);
      await tx.insert(schema.negotiationActions).values({
        negotiationId: negotiation!.id,
        firmId,
        caseId: row.id,
        kind: step.kind,
        amount: step.kind === 'settlement' ? row.settlementAmount : step.amount,
        actionDate: isoDay(at),
        actor: step.actor,
        note: step.note ?? null,
        createdById: attorneyId,
        createdAt: at,
      });
    }
  }
}
