import { schema, type Transaction } from '@sentinel/db';
import { createUser } from '@sentinel/db/factories';
import { CASE_STATUSES, type CaseType } from '@sentinel/shared';
import { casesRepository } from '../modules/cases/cases.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo firm's past clients: their claims settled over the last year, so Firm Analytics has a
 * year of trends (issue 13). Their cases are closed and they are Resolved in the directory.
 */
export const DEMO_PAST_CLIENTS = [
  { email: 'olivia.bennett@demo.test', firstName: 'Olivia', lastName: 'Bennett', company: null },
  { email: 'marcus.reed@demo.test', firstName: 'Marcus', lastName: 'Reed', company: 'Reed Hardware Inc.' },
  { email: 'sofia.alvarez@demo.test', firstName: 'Sofia', lastName: 'Alvarez', company: null },
  { email: 'dev.patel@demo.test', firstName: 'Dev', lastName: 'Patel', company: 'Harbor Point HOA' },
  { email: 'grace.okafor@demo.test', firstName: 'Grace', lastName: 'Okafor', company: null },
] as const;

const PROPERTIES = ['Residence', 'Condo', 'Warehouse', 'Storefront', 'Townhouse', 'Office Suite'];
const PERILS = [
  'Water Damage',
  'Wind Claim',
  'Fire Loss',
  'Hail Damage',
  'Mold Remediation',
  'Roof Collapse',
];
const TYPES: CaseType[] = [
  'property-damage',
  'insurance-dispute',
  'property-damage',
  'commercial-property',
  'personal-injury',
  'property-damage',
  'other',
];
const CARRIERS = [
  'Harborline Mutual',
  'Sunstate Insurance',
  'Keystone Casualty',
  'Atlantic Commercial Assurance',
];

/**
 * Twenty-six settled cases across the last twelve months (two or three a month), each with its
 * opening and settlement dates, target and amount (most reach 90 % of the target, some fall short,
 * two had no target), the full status history and the audit rows of its opening and settlement.
 * Values follow from the case's place in the list, so every seeded demo shows the same figures.
 */
export async function seedDemoAnalytics(
  tx: Transaction,
  firmId: string,
  attorneyId: string,
  password: string,
) {
  const now = Date.now();
  const clientIds: string[] = [];
  for (const [index, client] of DEMO_PAST_CLIENTS.entries()) {
    const user = await createUser(tx, {
      firmId,
      email: client.email,
      password,
      firstName: client.firstName,
      lastName: client.lastName,
      userType: 'client',
      companyName: client.company,
    });
    const added = new Date(now - (420 - index * 40) * DAY_MS);
    await tx.insert(schema.clientProfiles).values({
      userId: user.id,
      firmId,
      leadAttorneyId: attorneyId,
      createdById: attorneyId,
      status: 'resolved',
      invitedAt: added,
      createdAt: added,
    });
    clientIds.push(user.id);
  }

  for (let index = 0; index < 26; index++) {
    // Settled between 3 and 355 days ago, newest first; open 60 to 270 days before that.
    const settledDaysAgo = 3 + Math.round(index * 13.6);
    const openDays = 60 + ((index * 47) % 211);
    const settled = new Date(now - settledDaysAgo * DAY_MS + (index % 5) * 3600_000);
    const opened = new Date(settled.getTime() - openDays * DAY_MS);
    const clientIndex = index % clientIds.length;
    const client = DEMO_PAST_CLIENTS[clientIndex]!;
    const caseType = TYPES[index % TYPES.length]!;
    const target = 40000 + ((index * 37) % 23) * 12500;
    // Reached, short or without a target, in a steady mix.
    const ratio = index % 6 === 4 ? 0.72 + (index % 3) * 0.04 : 0.92 + (index % 4) * 0.05;
    const hasTarget = index % 13 !== 7;
    const amount = Math.round((target * ratio) / 500) * 500;
    const carrier = CARRIERS[index % CARRIERS.length]!;
    const title = `${client.lastName} ${PROPERTIES[index % PROPERTIES.length]} – ${PERILS[(index * 5) % PERILS.length]}`;
    const row = await casesRepository.insert(tx, {
      firmId,
      caseNumber: await casesRepository.nextCaseNumber(tx, firmId, opened.getUTCFullYear()),
      title,
      caseType,
      status: 'settled',
      priority: (['medium', 'high', 'low'] as const)[index % 3],
      clientId: clientIds[clientIndex]!,
      leadAttorneyId: attorneyId,
      description: `${title}: claim against ${carrier}, settled.`,
      dateOpened: isoDay(opened),
      carrier,
      policyNumber: `POL-${5520100 + index * 211}`,
      claimNumber: `CLM-${opened.getUTCFullYear()}-${70410 + index * 17}`,
      dateOfLoss: isoDay(new Date(opened.getTime() - 12 * DAY_MS)),
      targetSettlement: hasTarget ? target : null,
      settlementAmount: amount,
      settledAt: settled,
      createdById: attorneyId,
      lastActivityAt: settled,
      createdAt: opened,
      updatedAt: settled,
    });
    const stepAt = (i: number) =>
      new Date(opened.getTime() + ((settled.getTime() - opened.getTime()) * i) / (CASE_STATUSES.length - 1));
    for (const [i, status] of CASE_STATUSES.entries())
      await casesRepository.recordStatus(tx, {
        caseId: row.id,
        firmId,
        status,
        changedById: attorneyId,
        changedAt: stepAt(i),
      });
    const base = { firmId, userId: attorneyId, outcome: 'success' as const };
    await tx.insert(schema.auditLog).values([
      {
        ...base,
        action: 'case_created',
        details: { caseId: row.id, clientId: row.clientId, caseNumber: row.caseNumber },
        createdAt: opened,
      },
      {
        ...base,
        action: 'case_updated',
        details: {
          caseId: row.id,
          clientId: row.clientId,
          fields: ['status', 'settlementAmount'],
          statusFrom: 'settlement',
          statusTo: 'settled',
        },
        createdAt: settled,
      },
    ]);
  }
}
