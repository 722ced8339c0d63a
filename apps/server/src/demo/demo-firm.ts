import { eq } from 'drizzle-orm';
import { schema, type Database, type Transaction } from '@sentinel/db';
import { createCase, createClient, createFirm, createMembership, createUser } from '@sentinel/db/factories';
import type { UserType } from '@sentinel/shared';
import { seedDemoAnalytics } from './demo-analytics';
import { DEMO_CO_COUNSEL, DEMO_EXTRA_CLIENTS, seedDemoCases } from './demo-cases';
import { seedDemoDocuments, type DemoDocumentsDeps } from './demo-documents';
import { seedDemoCalendar } from './demo-calendar';
import { seedDemoDeadlines } from './demo-deadlines';
import { DEMO_SECOND_EXPERT, seedDemoExperts } from './demo-experts';
import { seedDemoMessages } from './demo-messages';
import { seedDemoNegotiations } from './demo-negotiations';
import { seedDemoTimelines } from './timeline';
import { seedDemoWorkflows } from './demo-workflows';

/** The demo firm's sign-ins, also listed in the README. */
export const DEMO_PASSWORD = 'Demo-Claims-2026!';
export const DEMO_FIRM_NAME = 'Morgan & Reyes Claims Law';
export const DEMO_USERS: Array<{
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  company: string;
}> = [
  {
    email: 'attorney@demo.test',
    firstName: 'Alex',
    lastName: 'Morgan',
    userType: 'attorney',
    company: DEMO_FIRM_NAME,
  },
  {
    email: 'client@demo.test',
    firstName: 'Jordan',
    lastName: 'Ellis',
    userType: 'client',
    company: 'Ellis Family Residence',
  },
  {
    email: 'contractor@demo.test',
    firstName: 'Sam',
    lastName: 'Whitaker',
    userType: 'restoration-contractor',
    company: 'Whitaker Restoration Co.',
  },
  {
    email: 'adjuster@demo.test',
    firstName: 'Priya',
    lastName: 'Nair',
    userType: 'public-adjuster',
    company: 'Nair Public Adjusting',
  },
  {
    email: 'expert@demo.test',
    firstName: 'Dana',
    lastName: 'Kowalski',
    userType: 'expert-witness',
    company: 'Kowalski Engineering',
  },
];

/**
 * Creates the demo firm unless it exists. Returns false when it was already there. With
 * `documents` (withDemoDocuments), its cases also get analysed documents.
 */
export async function seedDemoFirm(
  db: Database,
  options: { documents?: DemoDocumentsDeps } = {},
): Promise<boolean> {
  const [existing] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_USERS[0]!.email));
  if (existing) return false;
  await db.transaction(async (tx) => {
    const firm = await createFirm(tx, { name: DEMO_FIRM_NAME });
    const ids: Partial<Record<UserType, string>> = {};
    for (const user of DEMO_USERS) {
      const created = await createUser(tx, {
        firmId: firm.id,
        email: user.email,
        password: DEMO_PASSWORD,
        firstName: user.firstName,
        lastName: user.lastName,
        userType: user.userType,
        companyName: user.company,
        phone: user.userType === 'client' ? '+1 (305) 555-0117' : null,
      });
      ids[user.userType] = created.id;
    }
    await seedDemoCases(tx, firm.id, {
      attorneyId: ids.attorney!,
      ellisId: ids.client!,
      memberIds: {
        contractor: ids['restoration-contractor']!,
        adjuster: ids['public-adjuster']!,
        expert: ids['expert-witness']!,
      },
      password: DEMO_PASSWORD,
    });
    const [counsel] = await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_CO_COUNSEL.email));
    await seedDemoCalendar(tx, firm.id, { attorneyId: ids.attorney!, counselId: counsel!.id });
    await seedDemoDeadlines(tx, firm.id, ids.attorney!);
    await seedDemoTimelines(tx, firm.id, ids.attorney!);
    await seedDemoNegotiations(tx, firm.id, ids.attorney!);
    await seedDemoExperts(tx, firm.id, {
      attorneyId: ids.attorney!,
      kowalskiId: ids['expert-witness']!,
      password: DEMO_PASSWORD,
    });
    const [hernandez] = await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EXTRA_CLIENTS[0].email));
    await seedDemoMessages(tx, firm.id, {
      attorney: ids.attorney!,
      counsel: counsel!.id,
      ellis: ids.client!,
      hernandez: hernandez!.id,
      contractor: ids['restoration-contractor']!,
      adjuster: ids['public-adjuster']!,
      expert: ids['expert-witness']!,
    });
    await seedDemoAnalytics(tx, firm.id, ids.attorney!, DEMO_PASSWORD);
    const secondFirmId = await seedSecondFirm(tx, ids['public-adjuster']!);
    // Last: its history is the events everything above wrote.
    await seedDemoWorkflows(tx, firm.id, ids.attorney!);
    // After it: documents write no events, and the workflows' history stays as it was.
    if (options.documents) await seedDemoDocuments(tx, [firm.id, secondFirmId], options.documents);
  });
  return true;
}

/**
 * A second law firm the demo adjuster also works with (issue 9), so the firm switcher has
 * something to switch: its own attorney, client and cases, and Priya Nair on two of its cases.
 */
export const DEMO_SECOND_FIRM = {
  name: 'Castillo & Pierce Property Law',
  attorney: { email: 'castillo@demo.test', firstName: 'Elena', lastName: 'Castillo' },
  client: { email: 'okafor@demo.test', firstName: 'Chidi', lastName: 'Okafor', phone: '+1 (813) 555-0146' },
  cases: [
    { title: 'Okafor Duplex – Hurricane Roof Loss', carrier: 'Gulfstream Mutual', withAdjuster: true },
    { title: 'Okafor Duplex – Interior Water Damage', carrier: 'Gulfstream Mutual', withAdjuster: true },
    { title: 'Okafor Storage Unit – Theft Claim', carrier: 'Keystone Casualty', withAdjuster: false },
  ],
} as const;

async function seedSecondFirm(tx: Transaction, adjusterId: string) {
  const second = DEMO_SECOND_FIRM;
  const firm = await createFirm(tx, { name: second.name });
  const attorney = await createUser(tx, {
    ...second.attorney,
    firmId: firm.id,
    password: DEMO_PASSWORD,
    userType: 'attorney',
    companyName: second.name,
  });
  const client = await createClient(tx, {
    ...second.client,
    firmId: firm.id,
    password: DEMO_PASSWORD,
    leadAttorneyId: attorney.id,
  });
  await createMembership(tx, { firmId: firm.id, userId: adjusterId, userType: 'public-adjuster' });
  for (const demo of second.cases) {
    const row = await createCase(tx, {
      firmId: firm.id,
      clientId: client.id,
      title: demo.title,
      carrier: demo.carrier,
      caseType: 'property-damage',
      leadAttorneyId: attorney.id,
      createdById: attorney.id,
    });
    if (demo.withAdjuster)
      await tx.insert(schema.caseMembers).values({
        caseId: row.id,
        userId: adjusterId,
        firmId: firm.id,
        role: 'adjuster',
        addedById: attorney.id,
      });
  }
  return firm.id;
}

export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  return rows.length === 0;
}

/** Every sign-in of the demo firm, as printed at start. */
const DEMO_SIGN_INS = [
  ...DEMO_USERS,
  { ...DEMO_CO_COUNSEL, userType: 'attorney' as const },
  ...DEMO_EXTRA_CLIENTS.map((client) => ({ ...client, userType: 'client' as const })),
  { ...DEMO_SECOND_EXPERT, userType: 'expert-witness' as const },
];

const SECOND_FIRM_SIGN_INS = [
  { ...DEMO_SECOND_FIRM.attorney, userType: 'attorney' as const },
  { ...DEMO_SECOND_FIRM.client, userType: 'client' as const },
];

export function demoLoginsText(publicUrl: string): string {
  const row = (u: { userType: string; email: string }) =>
    `  ${u.userType.padEnd(24)} ${u.email.padEnd(27)} ${DEMO_PASSWORD}`;
  return [
    `Demo firm "${DEMO_FIRM_NAME}" — sign in at ${publicUrl}/login`,
    ...DEMO_SIGN_INS.map(row),
    `Second demo firm "${DEMO_SECOND_FIRM.name}" (adjuster@demo.test works with both firms)`,
    ...SECOND_FIRM_SIGN_INS.map(row),
  ].join('\n');
}
