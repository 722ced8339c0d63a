import { and, asc, eq, ne } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';

const { users } = schema;

export const firmRepository = {
  /** The firm's active accounts other than clients: lead attorneys and case team members. */
  async people(db: DbOrTx, firmId: string) {
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userType: users.userType,
      })
      .from(users)
      .where(and(eq(users.firmId, firmId), ne(users.userType, 'client'), eq(users.status, 'active')))
      .orderBy(asc(users.lastName), asc(users.firstName));
  },
};
