import type { CaseDetail, CaseSummary, FirmPeopleResponse, ListClientsResponse } from '@sentinel/shared';
import { json } from '@/testing/fetch-mock';
import { attorney as sampleAttorney } from '@/testing/session';

/** Test data of the cases feature (unit tests only). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The signed-in attorney, with an id the case schemas accept (they expect uuids). */
export const attorney = { ...sampleAttorney, userId: uuid(800) };

export const CLIENT_A = { id: uuid(901), name: 'Casey Holloway' };
export const CLIENT_B = { id: uuid(902), name: 'Robin Ashworth' };

export const summary = (n: number, overrides: Partial<CaseSummary> = {}): CaseSummary => ({
  id: uuid(n),
  caseNumber: `CASE-2026-${String(n).padStart(3, '0')}`,
  title: `Case ${n}`,
  caseType: 'property-damage',
  status: 'active',
  priority: 'medium',
  client: CLIENT_A,
  leadAttorney: { id: attorney.userId, name: 'Ada Lovelace' },
  dateOpened: '2026-03-01',
  dueDate: null,
  settlementAmount: null,
  lastActivityAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  ...overrides,
});

export const detailOf = (n: number, overrides: Partial<CaseDetail> = {}): CaseDetail => ({
  ...summary(n),
  client: { ...CLIENT_A, email: 'casey@example.test', phone: '+1 555 0100' },
  leadAttorney: { id: attorney.userId, name: 'Ada Lovelace', email: attorney.email },
  description: 'Roof damaged in the March storm.',
  carrier: 'Acme Mutual',
  policyNumber: 'POL-1',
  claimNumber: 'CLM-9',
  dateOfLoss: '2026-02-20',
  propertyAddress: '12 Harbor Road',
  targetSettlement: 125000,
  createdAt: '2026-03-01T10:00:00.000Z',
  members: [],
  statusHistory: [{ status: 'active', at: '2026-03-01T10:00:00.000Z', by: 'Ada Lovelace' }],
  activity: [
    {
      action: 'case_created',
      at: '2026-03-01T10:00:00.000Z',
      by: 'Ada Lovelace',
      details: { caseNumber: `CASE-2026-${String(n).padStart(3, '0')}` },
    },
  ],
  ...overrides,
});

/** A client whose account is deactivated: not offered for new cases. */
export const CLIENT_GONE = { id: uuid(903), name: 'Dana Gone' };

export const clientsAnswer = (): ListClientsResponse => ({
  clients: [CLIENT_A, CLIENT_B, CLIENT_GONE].map((client, index) => {
    const [firstName, lastName] = client.name.split(' ') as [string, string];
    return {
      id: client.id,
      firstName,
      lastName,
      email: `client${index}@example.test`,
      phone: null,
      companyName: null,
      status: 'active',
      deactivated: client === CLIENT_GONE,
      invitationPending: false,
      leadAttorney: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      user_type: 'client' as const,
      assignedToName: null,
    };
  }),
  total: 3,
  page: 1,
  pageSize: 'all',
});

export const peopleAnswer = (): FirmPeopleResponse => ({
  data: [
    { id: attorney.userId, name: 'Ada Lovelace', email: attorney.email, userType: 'attorney' },
    { id: uuid(801), name: 'Grace Counsel', email: 'grace@law.test', userType: 'attorney' },
    { id: uuid(802), name: 'Rex Builder', email: 'rex@build.test', userType: 'restoration-contractor' },
    { id: uuid(803), name: 'Pat Adjuster', email: 'pat@adjust.test', userType: 'public-adjuster' },
  ],
});

/** The handlers the case form needs: the client select and the lead attorney select. */
export const formOptionHandlers = {
  [`GET /api/client/${attorney.userId}/clients`]: () => json(200, clientsAnswer()),
  'GET /api/firm/people': () => json(200, peopleAnswer()),
};
