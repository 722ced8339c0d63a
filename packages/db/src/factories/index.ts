import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { UserType } from '@sentinel/shared';
import type { DbOrTx } from '../client';
import { hashPassword } from '../password-hash';
import {
  caseNumberCounters,
  cases,
  caseStatusHistory,
  clientProfiles,
  firms,
  memberships,
  users,
} from '../schema/index';

/**
 * Seed factories: the one way tests, end-to-end journeys and the demo seed create data, so all
 * three make it the same way (documenso's packages/prisma/seed).
 */

export type FirmRow = typeof firms.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type CaseRow = typeof cases.$inferSelect;

export async function createFirm(
  db: DbOrTx,
  overrides: Partial<typeof firms.$inferInsert> = {},
): Promise<FirmRow> {
  const [firm] = await db
    .insert(firms)
    .values({ ...overrides, name: overrides.name ?? `Firm ${randomUUID().slice(0, 8)}` })
    .returning();
  return firm!;
}

export interface UserFactoryInput {
  /** The firm the person works in (a new one when absent; none with null: a sign-up awaiting an invitation). */
  firmId?: string | null;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** Their type in that firm. */
  userType?: UserType;
  companyName?: string | null;
  phone?: string | null;
  /** Their membership's status: 'deactivated' ends it as deactivating a client does. */
  status?: 'active' | 'pending' | 'deactivated';
  /** Makes `password` a temporary password that stops working at this time (invited users). */
  temporaryPasswordExpiresAt?: Date | null;
}

export const DEFAULT_TEST_PASSWORD = 'Claims-Desk-2026';

/** A random password that passes the product's rule: for temporary passwords and tests. */
export const randomPassword = (): string => `Tmp-${randomBytes(18).toString('base64url')}9A`;

export type MembershipRow = typeof memberships.$inferSelect;

/** The person's membership of a firm, with their type there. */
export async function createMembership(
  db: DbOrTx,
  input: {
    firmId: string;
    userId: string;
    userType: UserType;
    status?: 'active' | 'pending' | 'deactivated';
  },
): Promise<MembershipRow> {
  const ended = input.status === 'deactivated';
  const [row] = await db
    .insert(memberships)
    .values({
      firmId: input.firmId,
      userId: input.userId,
      userType: input.userType,
      status: ended ? 'ended' : (input.status ?? 'active'),
      respondedAt: input.status === 'pending' ? null : new Date(),
      endedAt: ended ? new Date() : null,
      endedReason: ended ? 'deactivated' : null,
    })
    .returning();
  return row!;
}

/**
 * A person's account and, unless `firmId` is null, their membership of a firm (a new one when
 * `firmId` is absent). The returned `firmId` and `userType` are that membership's.
 */
export async function createUser(
  db: DbOrTx,
  input: UserFactoryInput = {},
): Promise<UserRow & { password: string; firmId: string; userType: UserType }> {
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const firmId =
    input.firmId === undefined
      ? (await createFirm(db, { name: input.companyName ?? undefined })).id
      : input.firmId;
  const userType = input.userType ?? 'attorney';
  const unique = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      email: (input.email ?? `user-${unique}@example.test`).toLowerCase(),
      passwordHash: await hashPassword(password),
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? `User ${unique}`,
      companyName: input.companyName ?? null,
      phone: input.phone ?? null,
      temporaryPasswordExpiresAt: input.temporaryPasswordExpiresAt ?? null,
    })
    .returning();
  if (firmId) await createMembership(db, { firmId, userId: user!.id, userType, status: input.status });
  // A person without a firm has neither; tests that make one do not read these.
  return { ...user!, password, firmId: firmId ?? '', userType };
}

/** A client of a firm: an account of type client and its row in the firm's client directory. */
export async function createClient(
  db: DbOrTx,
  input: Omit<UserFactoryInput, 'userType'> & { firmId: string; leadAttorneyId?: string | null },
): Promise<UserRow & { password: string; firmId: string; userType: UserType }> {
  const { leadAttorneyId = null, ...account } = input;
  const user = await createUser(db, { ...account, userType: 'client' });
  await db.insert(clientProfiles).values({ userId: user.id, firmId: input.firmId, leadAttorneyId });
  return user;
}

export type CaseFactoryInput = Omit<
  Partial<typeof cases.$inferInsert>,
  'firmId' | 'clientId' | 'caseNumber'
> & {
  firmId: string;
  clientId: string;
};

/**
 * A case of a firm, numbered CASE-YYYY-NNN from the firm's counter as the app numbers them (so
 * cases the app opens afterwards go on from it), with its first status in the history.
 */
export async function createCase(db: DbOrTx, input: CaseFactoryInput): Promise<CaseRow> {
  const year = new Date().getUTCFullYear();
  const [counter] = await db
    .insert(caseNumberCounters)
    .values({ firmId: input.firmId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [caseNumberCounters.firmId, caseNumberCounters.year],
      set: { lastNumber: sql`${caseNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: caseNumberCounters.lastNumber });
  const status = input.status ?? 'active';
  const [row] = await db
    .insert(cases)
    .values({
      ...input,
      caseNumber: `CASE-${year}-${String(counter!.lastNumber).padStart(3, '0')}`,
      title: input.title ?? `Case ${randomUUID().slice(0, 8)}`,
      status,
      settledAt: input.settledAt ?? (status === 'settled' ? new Date() : null),
    })
    .returning();
  await db
    .insert(caseStatusHistory)
    .values({ caseId: row!.id, firmId: input.firmId, status, changedById: input.createdById ?? null });
  return row!;
}
