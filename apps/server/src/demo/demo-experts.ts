import { and, eq } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';
import { createUser } from '@sentinel/db/factories';
import { casesRepository } from '../modules/cases/cases.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo firm's second expert-witness user (Dana Kowalski, expert@demo.test, is the first). */
export const DEMO_SECOND_EXPERT = {
  email: 'fire.expert@demo.test',
  firstName: 'Marcus',
  lastName: 'Bell',
  company: 'Bell Fire Forensics',
} as const;

interface DemoExpert {
  name: string;
  specialty: string;
  credentials: string;
  company: string;
  availability: string;
  hourlyRate: number | null;
  email: string | null;
  phone: string | null;
  notes: string;
  /** Linked to this demo user's account. */
  user?: 'kowalski' | 'bell';
  /** Engagements: the case title, the report due date in days from today (null: none), received. */
  cases: Array<{ title: string; dueInDays: number | null; received?: boolean; scope: string }>;
}

const DEMO_EXPERTS: DemoExpert[] = [
  {
    name: 'Dana Kowalski',
    specialty: 'Structural Engineering',
    credentials: 'PE, SE — Licensed Structural Engineer (FL, GA)',
    company: 'Kowalski Engineering',
    availability: 'Available',
    hourlyRate: 425,
    email: 'expert@demo.test',
    phone: '+1 (305) 555-0160',
    notes: 'Roof and framing failures; has testified in Miami-Dade and Broward.',
    user: 'kowalski',
    cases: [
      {
        title: 'Ellis Residence – Water Damage',
        dueInDays: 12,
        scope: 'Cause and extent of water intrusion',
      },
      { title: 'Hernandez Kitchen Fire', dueInDays: -20, received: true, scope: 'Structural damage survey' },
      {
        title: 'Riverside Plaza Business Interruption',
        dueInDays: 26,
        scope: 'Structural soundness of the shell',
      },
    ],
  },
  {
    name: `${DEMO_SECOND_EXPERT.firstName} ${DEMO_SECOND_EXPERT.lastName}`,
    specialty: 'Fire Investigation',
    credentials: 'IAAI-CFI, NAFI CFEI',
    company: DEMO_SECOND_EXPERT.company,
    availability: 'Busy until next month',
    hourlyRate: 380,
    email: DEMO_SECOND_EXPERT.email,
    phone: '+1 (954) 555-0133',
    notes: 'Origin and cause; electrical fires.',
    user: 'bell',
    cases: [{ title: 'Hernandez Kitchen Fire', dueInDays: 5, scope: 'Origin and cause report' }],
  },
  {
    name: 'Dr. Helen Cho',
    specialty: 'Water Damage Specialist',
    credentials: 'PhD, IICRC WRT & AMRT',
    company: 'Cho Moisture Labs',
    availability: 'Available',
    hourlyRate: 310,
    email: 'helen.cho@cho-labs.example',
    phone: '+1 (786) 555-0144',
    notes: 'Moisture mapping and mold causation.',
    cases: [{ title: 'Riverside Plaza Flood', dueInDays: 18, scope: 'Moisture mapping of floors 1–2' }],
  },
  {
    name: 'Robert Alvarez',
    specialty: 'Public Adjuster',
    credentials: 'Licensed Public Adjuster (FL), 22 years',
    company: 'Alvarez Claims Consulting',
    availability: 'Busy',
    hourlyRate: 250,
    email: 'ralvarez@alvarez-claims.example',
    phone: null,
    notes: 'Appraisal umpire; commercial losses.',
    cases: [
      { title: 'Hernandez Denied Claim Appeal', dueInDays: 9, scope: 'Re-estimate of the denied loss' },
    ],
  },
  {
    name: 'Sarah Whitfield',
    specialty: 'Structural Engineering',
    credentials: 'PE, Forensic Engineer',
    company: 'Whitfield Forensic Group',
    availability: 'Unavailable',
    hourlyRate: 450,
    email: null,
    phone: '+1 (407) 555-0188',
    notes: 'On leave until further notice.',
    cases: [],
  },
  {
    name: 'James Okafor',
    specialty: 'Roofing Consultant',
    credentials: 'HAAG Certified Roof Inspector',
    company: 'Okafor Roof Consulting',
    availability: 'Available',
    hourlyRate: 195,
    email: null,
    phone: '+1 (561) 555-0111',
    notes: 'Wind and hail damage to roofs.',
    cases: [
      { title: 'Ellis Residence – Roof Wind Claim', dueInDays: 30, scope: 'Wind versus wear on the roof' },
    ],
  },
  {
    name: 'Linda Park',
    specialty: 'Mold Remediation',
    credentials: 'CIH, CMRS',
    company: 'Park Environmental',
    availability: 'Busy through the end of the quarter',
    hourlyRate: 275,
    email: 'lpark@parkenv.example',
    phone: null,
    notes: '',
    cases: [],
  },
  {
    name: 'Thomas Reed',
    specialty: 'Building Code Compliance',
    credentials: 'ICC Certified Building Official',
    company: 'Reed Code Consulting',
    availability: 'Available',
    hourlyRate: null,
    email: null,
    phone: null,
    notes: 'Rate agreed per engagement.',
    cases: [],
  },
];

/**
 * The demo firm's expert directory (issue 13): eight experts across the spec's sample specialties
 * and others, two linked to expert-witness users (Dana Kowalski and a second expert the seed makes
 * here), engaged on demo cases with report due dates, one report received. A linked expert engaged
 * on a case is on its team, as engaging in the app does.
 */
export async function seedDemoExperts(
  tx: Transaction,
  firmId: string,
  people: { attorneyId: string; kowalskiId: string; password: string },
): Promise<void> {
  const bell = await createUser(tx, {
    firmId,
    email: DEMO_SECOND_EXPERT.email,
    password: people.password,
    firstName: DEMO_SECOND_EXPERT.firstName,
    lastName: DEMO_SECOND_EXPERT.lastName,
    userType: 'expert-witness',
    companyName: DEMO_SECOND_EXPERT.company,
  });
  const users = { kowalski: people.kowalskiId, bell: bell.id };
  const now = Date.now();
  const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
  for (const demo of DEMO_EXPERTS) {
    const { cases: engagements, user, ...values } = demo;
    const userId = user ? users[user] : null;
    const [expert] = await tx
      .insert(schema.experts)
      .values({ ...values, firmId, userId, createdById: people.attorneyId })
      .returning({ id: schema.experts.id });
    for (const engagement of engagements) {
      const [row] = await tx
        .select({ id: schema.cases.id })
        .from(schema.cases)
        .where(and(eq(schema.cases.firmId, firmId), eq(schema.cases.title, engagement.title)));
      if (!row) throw new Error(`demo case "${engagement.title}" is missing`);
      await tx.insert(schema.caseExperts).values({
        caseId: row.id,
        expertId: expert!.id,
        firmId,
        scope: engagement.scope,
        reportDueOn: engagement.dueInDays === null ? null : day(engagement.dueInDays),
        reportReceivedAt: engagement.received ? new Date(now - 2 * DAY_MS) : null,
        engagedById: people.attorneyId,
        engagedAt: new Date(now - 30 * DAY_MS),
      });
      if (userId) {
        await casesRepository.addMember(tx, {
          caseId: row.id,
          userId,
          firmId,
          role: 'expert',
          addedById: people.attorneyId,
        });
      }
    }
  }
}
