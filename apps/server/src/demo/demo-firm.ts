import { eq } from 'drizzle-orm';
import { schema, type Database } from '@sentinel/db';
import { createFirm, createUser } from '@sentinel/db/factories';
import type { UserType } from '@sentinel/shared';
import { DEMO_CO_COUNSEL, DEMO_EXTRA_CLIENTS, seedDemoCases } from './demo-cases';

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

/** Creates the demo firm unless it exists. Returns false when it was already there. */
export async function seedDemoFirm(db: Database): Promise<boolean> {
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
  });
  return true;
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
];

export function demoLoginsText(publicUrl: string): string {
  const rows = DEMO_SIGN_INS.map((u) => `  ${u.userType.padEnd(24)} ${u.email.padEnd(27)} ${DEMO_PASSWORD}`);
  return `Demo firm "${DEMO_FIRM_NAME}" — sign in at ${publicUrl}/login\n${rows.join('\n')}`;
}
