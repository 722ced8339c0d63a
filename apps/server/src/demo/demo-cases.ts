import { schema, type Transaction } from '@sentinel/db';
import { createUser } from '@sentinel/db/factories';
import {
  CASE_STATUSES,
  type CaseMemberRole,
  type CaseStatus,
  type CaseType,
  type Priority,
} from '@sentinel/shared';
import { casesRepository } from '../modules/cases/cases.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo firm's other clients (Jordan Ellis, client@demo.test, is the first). */
export const DEMO_EXTRA_CLIENTS = [
  {
    email: 'maria.hernandez@demo.test',
    firstName: 'Maria',
    lastName: 'Hernandez',
    phone: '+1 (305) 555-0142',
    company: null,
    status: 'active',
  },
  {
    email: 'theo.grant@demo.test',
    firstName: 'Theo',
    lastName: 'Grant',
    phone: '+1 (786) 555-0199',
    company: 'Riverside Plaza LLC',
    status: 'pending',
  },
] as const;

/** A second attorney of the firm, co-counsel on two cases. */
export const DEMO_CO_COUNSEL = {
  email: 'counsel@demo.test',
  firstName: 'Riley',
  lastName: 'Chen',
  company: 'Morgan & Reyes Claims Law',
} as const;

type ClientKey = 'ellis' | 'hernandez' | 'grant';
interface DemoCase {
  title: string;
  caseType: CaseType;
  status: CaseStatus;
  priority: Priority;
  client: ClientKey;
  /** Days ago the case was opened, and the due date in days from today (null: none). */
  openedDaysAgo: number;
  dueInDays: number | null;
  carrier: string;
  target: number | null;
  settlement?: number;
  /** For settled cases: days ago it settled (this month or last). */
  settledDaysAgo?: number;
  members: CaseMemberRole[];
  address: string;
}

const ELLIS = '1418 Bayview Terrace, Miami, FL 33137';
const HERNANDEZ = '77 Coral Way, Coral Gables, FL 33134';
const RIVERSIDE = '500 Riverside Plaza, Fort Lauderdale, FL 33301';

/** A dozen cases across every status and type, with members of every role. */
const DEMO_CASES: DemoCase[] = [
  {
    title: 'Ellis Residence – Water Damage',
    caseType: 'property-damage',
    status: 'negotiation',
    priority: 'high',
    client: 'ellis',
    openedDaysAgo: 96,
    dueInDays: 9,
    carrier: 'Harborline Mutual',
    target: 185000,
    members: ['contractor', 'adjuster', 'expert'],
    address: ELLIS,
  },
  {
    title: 'Ellis Residence – Roof Wind Claim',
    caseType: 'insurance-dispute',
    status: 'discovery',
    priority: 'medium',
    client: 'ellis',
    openedDaysAgo: 48,
    dueInDays: 21,
    carrier: 'Harborline Mutual',
    target: 62000,
    members: ['adjuster'],
    address: ELLIS,
  },
  {
    title: 'Hernandez Kitchen Fire',
    caseType: 'property-damage',
    status: 'settlement',
    priority: 'high',
    client: 'hernandez',
    openedDaysAgo: 140,
    dueInDays: 5,
    carrier: 'Sunstate Insurance',
    target: 240000,
    members: ['contractor', 'expert', 'co-counsel'],
    address: HERNANDEZ,
  },
  {
    title: 'Hernandez Mold Remediation',
    caseType: 'property-damage',
    status: 'settled',
    priority: 'medium',
    client: 'hernandez',
    openedDaysAgo: 210,
    dueInDays: null,
    carrier: 'Sunstate Insurance',
    target: 60000,
    settlement: 64000,
    settledDaysAgo: 0,
    members: [],
    address: HERNANDEZ,
  },
  {
    title: 'Riverside Plaza Flood',
    caseType: 'commercial-property',
    status: 'active',
    priority: 'high',
    client: 'grant',
    openedDaysAgo: 12,
    dueInDays: 14,
    carrier: 'Atlantic Commercial Assurance',
    target: 750000,
    members: ['contractor', 'adjuster'],
    address: RIVERSIDE,
  },
  {
    title: 'Riverside Plaza Business Interruption',
    caseType: 'commercial-property',
    status: 'negotiation',
    priority: 'medium',
    client: 'grant',
    openedDaysAgo: 75,
    dueInDays: 33,
    carrier: 'Atlantic Commercial Assurance',
    target: 320000,
    members: ['expert', 'co-counsel'],
    address: RIVERSIDE,
  },
  {
    title: 'Ellis Slip-and-Fall on Premises',
    caseType: 'personal-injury',
    status: 'discovery',
    priority: 'low',
    client: 'ellis',
    openedDaysAgo: 60,
    dueInDays: 58,
    carrier: 'Harborline Mutual',
    target: 45000,
    members: [],
    address: ELLIS,
  },
  {
    title: 'Hernandez Hail Damage',
    caseType: 'insurance-dispute',
    status: 'settled',
    priority: 'low',
    client: 'hernandez',
    openedDaysAgo: 180,
    dueInDays: null,
    carrier: 'Sunstate Insurance',
    target: 50000,
    settlement: 42000,
    settledDaysAgo: 35,
    members: [],
    address: HERNANDEZ,
  },
  {
    title: 'Riverside Plaza HVAC Failure',
    caseType: 'other',
    status: 'active',
    priority: 'low',
    client: 'grant',
    openedDaysAgo: 6,
    dueInDays: 40,
    carrier: 'Atlantic Commercial Assurance',
    target: null,
    members: [],
    address: RIVERSIDE,
  },
  {
    title: 'Hernandez Denied Claim Appeal',
    caseType: 'insurance-dispute',
    status: 'active',
    priority: 'medium',
    client: 'hernandez',
    openedDaysAgo: 20,
    dueInDays: 30,
    carrier: 'Sunstate Insurance',
    target: 88000,
    members: ['adjuster'],
    address: HERNANDEZ,
  },
  {
    title: 'Ellis Detached Garage Collapse',
    caseType: 'property-damage',
    status: 'settlement',
    priority: 'medium',
    client: 'ellis',
    openedDaysAgo: 120,
    dueInDays: 45,
    carrier: 'Harborline Mutual',
    target: 54000,
    members: ['contractor'],
    address: ELLIS,
  },
  {
    title: 'Riverside Plaza Sprinkler Leak',
    caseType: 'commercial-property',
    status: 'settled',
    priority: 'high',
    client: 'grant',
    openedDaysAgo: 160,
    dueInDays: null,
    carrier: 'Atlantic Commercial Assurance',
    target: 200000,
    settlement: 210000,
    settledDaysAgo: 0,
    members: ['contractor', 'adjuster'],
    address: RIVERSIDE,
  },
];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Seeds the demo firm's clients, cases, teams, status histories and the audit rows behind the
 * dashboards' Recent Activity, with dates relative to today so the demo always looks current.
 */
export async function seedDemoCases(
  tx: Transaction,
  firmId: string,
  people: {
    attorneyId: string;
    ellisId: string;
    memberIds: Record<Exclude<CaseMemberRole, 'co-counsel'>, string>;
    password: string;
  },
) {
  const now = Date.now();
  const clientIds: Record<ClientKey, string> = { ellis: people.ellisId, hernandez: '', grant: '' };
  const coCounsel = await createUser(tx, {
    firmId,
    email: DEMO_CO_COUNSEL.email,
    password: people.password,
    firstName: DEMO_CO_COUNSEL.firstName,
    lastName: DEMO_CO_COUNSEL.lastName,
    userType: 'attorney',
    companyName: DEMO_CO_COUNSEL.company,
  });
  const memberIds: Record<CaseMemberRole, string> = { ...people.memberIds, 'co-counsel': coCounsel.id };
  for (const client of DEMO_EXTRA_CLIENTS) {
    const user = await createUser(tx, {
      firmId,
      email: client.email,
      password: people.password,
      firstName: client.firstName,
      lastName: client.lastName,
      userType: 'client',
      companyName: client.company,
      phone: client.phone,
    });
    clientIds[client.lastName === 'Hernandez' ? 'hernandez' : 'grant'] = user.id;
  }
  const profiles = [
    { userId: people.ellisId, status: 'active', daysAgo: 100 },
    { userId: clientIds.hernandez, status: DEMO_EXTRA_CLIENTS[0].status, daysAgo: 215 },
    { userId: clientIds.grant, status: DEMO_EXTRA_CLIENTS[1].status, daysAgo: 14 },
  ];
  for (const profile of profiles) {
    const at = new Date(now - profile.daysAgo * DAY_MS);
    await tx.insert(schema.clientProfiles).values({
      userId: profile.userId,
      firmId,
      leadAttorneyId: people.attorneyId,
      createdById: people.attorneyId,
      status: profile.status,
      invitedAt: at,
      createdAt: at,
    });
    await tx.insert(schema.auditLog).values({
      action: 'client_created',
      outcome: 'success',
      firmId,
      userId: people.attorneyId,
      details: { clientId: profile.userId },
      createdAt: at,
    });
  }

  const year = new Date(now).getUTCFullYear();
  for (const [index, demo] of DEMO_CASES.entries()) {
    const opened = new Date(now - demo.openedDaysAgo * DAY_MS);
    // Status steps spread evenly from the opening to today (or to the settlement day).
    const end =
      demo.settledDaysAgo === undefined ? now - (index % 4) * 3600_000 : now - demo.settledDaysAgo * DAY_MS;
    const steps = CASE_STATUSES.slice(0, CASE_STATUSES.indexOf(demo.status) + 1);
    const stepAt = (i: number) =>
      new Date(opened.getTime() + ((end - opened.getTime()) * i) / Math.max(steps.length - 1, 1));
    const lastActivity = stepAt(steps.length - 1);
    const row = await casesRepository.insert(tx, {
      firmId,
      caseNumber: await casesRepository.nextCaseNumber(tx, firmId, year),
      title: demo.title,
      caseType: demo.caseType,
      status: demo.status,
      priority: demo.priority,
      clientId: clientIds[demo.client],
      leadAttorneyId: people.attorneyId,
      description: `${demo.title}: claim against ${demo.carrier}.`,
      dateOpened: isoDay(opened),
      dueDate: demo.dueInDays === null ? null : isoDay(new Date(now + demo.dueInDays * DAY_MS)),
      carrier: demo.carrier,
      policyNumber: `POL-${(4417200 + index * 137).toString()}`,
      claimNumber: `CLM-${year}-${(88310 + index * 29).toString()}`,
      dateOfLoss: isoDay(new Date(opened.getTime() - 9 * DAY_MS)),
      propertyAddress: demo.address,
      targetSettlement: demo.target,
      settlementAmount: demo.settlement ?? null,
      settledAt: demo.status === 'settled' ? lastActivity : null,
      createdById: people.attorneyId,
      lastActivityAt: lastActivity,
      createdAt: opened,
      updatedAt: lastActivity,
    });
    const base = { firmId, userId: people.attorneyId, outcome: 'success' as const };
    for (const [i, status] of steps.entries()) {
      await casesRepository.recordStatus(tx, {
        caseId: row.id,
        firmId,
        status,
        changedById: people.attorneyId,
        changedAt: stepAt(i),
      });
      await tx.insert(schema.auditLog).values({
        ...base,
        action: i === 0 ? 'case_created' : 'case_updated',
        details:
          i === 0
            ? { caseId: row.id, clientId: row.clientId, caseNumber: row.caseNumber }
            : {
                caseId: row.id,
                clientId: row.clientId,
                fields: ['status'],
                statusFrom: steps[i - 1],
                statusTo: status,
              },
        createdAt: stepAt(i),
      });
    }
    for (const role of demo.members) {
      const addedAt = new Date(opened.getTime() + DAY_MS);
      await casesRepository.addMember(tx, {
        caseId: row.id,
        userId: memberIds[role],
        firmId,
        role,
        addedById: people.attorneyId,
        addedAt,
      });
      await tx.insert(schema.auditLog).values({
        ...base,
        action: 'case_member_added',
        details: { caseId: row.id, clientId: row.clientId, memberId: memberIds[role], role, invited: false },
        createdAt: addedAt,
      });
    }
  }
}
